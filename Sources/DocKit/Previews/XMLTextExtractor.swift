import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The text an office document's XML part holds, read with Foundation's
/// XMLParser (libxml2): the first lines of its paragraphs, and the text
/// of a few named elements (a title, an author). Office formats never
/// declare a DTD, so a part that does is refused before parsing: no
/// entity is ever expanded, however the parser is configured.
public struct XMLTextExtractor: Sendable {
    /// An element by namespace URI and local name.
    public struct Name: Sendable, Hashable {
        /// The namespace URI, as the document declares it.
        public var namespace: String
        /// The local name, without a prefix.
        public var local: String

        /// Creates a name.
        ///
        /// - Parameters:
        ///   - namespace: The namespace URI.
        ///   - local: The local name.
        public init(_ namespace: String, _ local: String) {
            self.namespace = namespace
            self.local = local
        }
    }

    /// What was read.
    public struct Result: Sendable, Hashable {
        /// The text of each paragraph, in order, up to the limit.
        public var paragraphs: [String] = []
        /// The text of the first of each named element found, white space
        /// collapsed; the texts of elements within it joined by `, `.
        public var fields: [Name: String] = [:]
        /// The attributes of each element named in ``XMLTextExtractor/attributeElements``, in order.
        public var attributes: [Name: [[String: String]]] = [:]
        /// `true` when the part had more paragraphs than the limit.
        public var hasMore = false
    }

    /// Why a part could not be read.
    public struct Failure: Error, Hashable {
        /// The reason, for a note.
        public var reason: String
    }

    /// Elements that end a paragraph.
    public var paragraphElements: Set<Name>
    /// Elements whose character data is the text; empty for every element's.
    public var textElements: Set<Name>
    /// Elements that stand for a space, a tab or a line break within a paragraph.
    public var spaceElements: Set<Name>
    /// Elements whose text is collected into ``Result/fields``.
    public var fieldElements: Set<Name>
    /// Elements whose attributes are collected into ``Result/attributes`` (a manifest's items).
    public var attributeElements: Set<Name>
    /// The paragraphs read before parsing stops.
    public var maxParagraphs: Int
    /// However many elements a part holds, no more attribute sets than this are kept.
    static let maxAttributeSets = 4096
    /// The longest paragraph or field kept, in characters.
    public var maxCharacters: Int

    /// Creates an extractor.
    ///
    /// - Parameters:
    ///   - paragraphElements: Elements that end a paragraph.
    ///   - textElements: Elements whose character data is the text; empty for all.
    ///   - spaceElements: Elements that stand for white space.
    ///   - fieldElements: Elements collected by name.
    ///   - attributeElements: Elements whose attributes are collected.
    ///   - maxParagraphs: The paragraphs read before parsing stops.
    ///   - maxCharacters: The longest paragraph or field kept.
    public init(paragraphElements: Set<Name> = [], textElements: Set<Name> = [], spaceElements: Set<Name> = [],
                fieldElements: Set<Name> = [], attributeElements: Set<Name> = [], maxParagraphs: Int = 40, maxCharacters: Int = 1024) {
        self.paragraphElements = paragraphElements
        self.textElements = textElements
        self.spaceElements = spaceElements
        self.fieldElements = fieldElements
        self.attributeElements = attributeElements
        self.maxParagraphs = maxParagraphs
        self.maxCharacters = maxCharacters
    }

    /// Where a processing instruction without data (`<?pi?>`, `<?xml?>`)
    /// starts: Foundation's XMLParser on Linux crashes on one (a NULL
    /// strlen; PLATFORM-NOTES). Office parts may hold processing
    /// instructions with data (`<?mso-application progid="…"?>`), so only
    /// these are refused.
    static func dataLessProcessingInstruction(in bytes: [UInt8]) -> Int? {
        let question = UInt8(ascii: "?")
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var from = bytes.startIndex
        while let opening = bytes[from...].firstRange(of: [UInt8(ascii: "<"), question]) {
            var index = opening.upperBound
            while index < bytes.endIndex, !isSpace(bytes[index]), bytes[index] != question { index += 1 }
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            if bytes[index...].starts(with: [question, UInt8(ascii: ">")]) { return opening.lowerBound }
            from = opening.upperBound
        }
        return nil
    }

    /// Reads a part.
    ///
    /// - Parameter bytes: The part, already cut to the caller's byte cap;
    ///   a part cut short keeps what was read before the cut.
    /// - Returns: Its paragraphs and fields.
    /// - Throws: ``Failure`` when the part declares a DTD, or is not XML at all.
    public func extract(_ bytes: [UInt8]) throws(Failure) -> Result {
        if bytes.contains(subsequence: Array("<!DOCTYPE".utf8)) || bytes.contains(subsequence: Array("<!ENTITY".utf8)) {
            throw Failure(reason: "it declares a DTD, which office documents never do")
        }
        // Foundation's XMLParser traps on a name that is not UTF-8, which
        // libxml2 can hand it from bytes that are not; office formats
        // write UTF-8 alone.
        // A NUL byte is no UTF-8 text: ASCII as UTF-16 without a byte-order
        // mark is valid UTF-8 to the check below, hides "<!DOCTYPE" from the
        // one above, and libxml2 would read it as UTF-16 all the same.
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            throw Failure(reason: "it is not UTF-8")
        }
        if let offset = Self.dataLessProcessingInstruction(in: bytes) {
            throw Failure(reason: "it holds a processing instruction without data at byte \(offset)")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let collector = Collector(extractor: self)
        parser.delegate = collector
        let parsed = parser.parse()
        if !collector.paragraph.isEmpty { collector.endParagraph() }
        if !parsed, !collector.stopped, collector.result.paragraphs.isEmpty, collector.result.fields.isEmpty {
            throw Failure(reason: "it is not well-formed XML")
        }
        return collector.result
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let extractor: XMLTextExtractor
        var result = Result()
        var paragraph = ""
        /// Characters in ``paragraph``, counted as they come: counting a
        /// long paragraph again at each piece of it would take quadratic time.
        var paragraphCount = 0
        var textDepth = 0
        var field: (name: Name, text: String, depth: Int)?
        var fieldCount = 0
        var depth = 0
        var stopped = false
        var attributeSets = 0

        /// Ends an element's text within a field; XML text cannot hold it.
        static let itemSeparator: Character = "\u{1F}"

        init(extractor: XMLTextExtractor) {
            self.extractor = extractor
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            let name = Name(namespaceURI ?? "", elementName)
            if extractor.textElements.contains(name) { textDepth += 1 }
            if extractor.spaceElements.contains(name) { append(" ", to: &paragraph, count: &paragraphCount) }
            if field == nil, extractor.fieldElements.contains(name), result.fields[name] == nil {
                field = (name, "", depth)
                fieldCount = 0
            }
            if extractor.attributeElements.contains(name), attributeSets < XMLTextExtractor.maxAttributeSets {
                attributeSets += 1
                result.attributes[name, default: []].append(attributes)
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let name = Name(namespaceURI ?? "", elementName)
            if let open = field, open.depth == depth {
                result.fields[open.name] = open.text.split(separator: Self.itemSeparator)
                    .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                    .filter { !$0.isEmpty }.joined(separator: ", ")
                field = nil
            } else if field != nil {
                // XMP keeps each author in an element of its own within dc:creator.
                append(String(Self.itemSeparator), to: &field!.text, count: &fieldCount)
            }
            if extractor.textElements.contains(name) { textDepth = max(0, textDepth - 1) }
            if extractor.paragraphElements.contains(name) {
                endParagraph()
                if result.paragraphs.count > extractor.maxParagraphs {
                    result.paragraphs.removeLast()
                    result.hasMore = true
                    stopped = true
                    parser.abortParsing()
                }
            }
            depth -= 1
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if field != nil { append(string, to: &field!.text, count: &fieldCount) }
            guard extractor.textElements.isEmpty || textDepth > 0 else { return }
            append(string, to: &paragraph, count: &paragraphCount)
        }

        private func append(_ string: String, to text: inout String, count: inout Int) {
            guard count < extractor.maxCharacters else { return }
            let piece = string.prefix(extractor.maxCharacters - count)
            text += piece
            count += piece.count
        }

        func endParagraph() {
            guard !extractor.paragraphElements.isEmpty else { return }
            let line = paragraph.split(whereSeparator: \.isNewline).joined(separator: " ")
            result.paragraphs.append(line)
            paragraph = ""
            paragraphCount = 0
        }
    }
}
