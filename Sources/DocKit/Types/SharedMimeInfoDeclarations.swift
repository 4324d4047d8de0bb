import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The types of the freedesktop shared-mime-info database, read from its
/// source files (`mime/packages/*.xml`), as type declarations.
///
/// shared-mime-info names types by MIME type, so each becomes a declaration
/// whose identifier is decided later, when the registry knows which MIME
/// types the UTI declarations already tag (see ``TypeRegistry``).
public enum SharedMimeInfoDeclarations {
    /// One `<mime-type>` element.
    public struct MIMEType: Sendable, Hashable {
        /// The MIME type, the element's `type` attribute.
        public var name: String
        /// The unlocalized `<comment>`, used as the type's description; `nil` when absent.
        public var comment: String?
        /// `<alias>` types: other MIME types that name the same type.
        public var aliases: [String]
        /// `<sub-class-of>` MIME types, the parents of this one.
        public var subClassOf: [String]
        /// Extension tags from `*.ext` globs, weighted. Globs of other
        /// shapes (`Makefile`, `*.[1-9]`) name files, not extensions.
        public var extensions: [TypeDeclaration.Tag]
        /// `<generic-icon>`'s name; `nil` when absent.
        public var genericIcon: String?
    }

    /// Reads one shared-mime-info source file.
    ///
    /// - Parameter url: A `mime/packages/*.xml` file.
    /// - Returns: Its `<mime-type>` elements, in file order.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read, is not UTF-8, or is not
    ///   valid shared-mime-info XML.
    public static func load(from url: URL) throws(DocKitError) -> [MIMEType] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocKitError(MalformedFileError(path: url.path, reason: "cannot be read"))
        }
        // XMLParser on Linux crashes (a forced unwrap in its element
        // callback) when libxml2 recovers from bytes that are not UTF-8,
        // and shared-mime-info's files are UTF-8.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw DocKitError(MalformedFileError(path: url.path, reason: "is not UTF-8, as shared-mime-info XML must be"))
        }
        // Checked after the DOCTYPE is cut, which can join `<` and `?pi?>` into one.
        let parsedData = withoutDocumentTypeDeclaration(data)
        if let offset = processingInstructionOffset(parsedData) {
            throw DocKitError(MalformedFileError(path: url.path, reason: "is not valid shared-mime-info XML (a processing instruction at byte \(offset), which the format never has)"))
        }
        let parser = XMLParser(data: parsedData)
        let reader = Reader()
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        // On Linux, parse() can return true after a fatal error, and says
        // nothing about a file cut short: the delegate's record and a closed
        // root element are what prove the file whole.
        let parsed = parser.parse()
        if let failure = reader.failure ?? parser.parserError.map({ (parser.lineNumber, $0) }) ?? (parsed ? nil : (parser.lineNumber, nil)) {
            let reason = failure.1.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw DocKitError(MalformedFileError(path: url.path, reason: "is not valid shared-mime-info XML (line \(failure.0): \(reason))"))
        }
        guard reader.closedRoot else {
            throw DocKitError(MalformedFileError(path: url.path, reason: "is not valid shared-mime-info XML (it ends before </mime-info>)"))
        }
        return reader.types
    }

    /// Where a processing instruction (`<?target data?>`) starts, other
    /// than the XML declaration that may open the file. XMLParser on Linux
    /// crashes (a NULL strlen) on one without data, such as `<?pi?>` or a
    /// bare `<?xml?>`, and shared-mime-info files hold none.
    static func processingInstructionOffset(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        let opening = Array("<?".utf8)
        var from = 0
        let declaration = Array("<?xml".utf8)
        if bytes.starts(with: declaration), bytes.count > declaration.count,
           [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[declaration.count]) {
            from = declaration.count
        }
        return bytes[from...].firstRange(of: opening)?.lowerBound
    }

    /// swift-corelibs-foundation's XMLParser crashes (a NULL strlen) on the
    /// `<!ATTLIST>` declarations of freedesktop.org.xml's internal DTD.
    /// The DTD only describes the format, so it is cut out before parsing.
    static func withoutDocumentTypeDeclaration(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard let start = bytes.firstRange(of: Array("<!DOCTYPE".utf8))?.lowerBound else { return data }
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth == 0:
                return Data(bytes[..<start] + bytes[(index + 1)...])
            default: break
            }
            index += 1
        }
        return data
    }

    static func extensionOfGlob(_ pattern: String) -> String? {
        guard pattern.hasPrefix("*.") else { return nil }
        let suffix = pattern.dropFirst(2)
        let metacharacters = Set("*?[]\\")
        guard !suffix.isEmpty, !suffix.contains(where: metacharacters.contains) else { return nil }
        return String(suffix)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var types: [MIMEType] = []
        var failure: (Int, (any Error)?)?
        var closedRoot = false
        private var depth = 0
        private var current: MIMEType?
        private var commentText: String?
        private var commentIsUntranslated = false

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if failure == nil { failure = (parser.lineNumber, parseError) }
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            if depth == 1, closedRoot || element != "mime-info" {
                if failure == nil { failure = (parser.lineNumber, nil) }
            }
            switch element {
            case "mime-type":
                guard let name = attributes["type"] else { return }
                current = MIMEType(name: name.lowercased(), aliases: [], subClassOf: [], extensions: [])
            case "comment":
                commentIsUntranslated = attributes["xml:lang"] == nil && attributes["lang"] == nil
                commentText = commentIsUntranslated ? "" : nil
            case "alias":
                if let type = attributes["type"] { current?.aliases.append(type.lowercased()) }
            case "sub-class-of":
                if let type = attributes["type"] { current?.subClassOf.append(type.lowercased()) }
            case "generic-icon":
                current?.genericIcon = attributes["name"]
            case "glob":
                // A case-sensitive glob with capitals (`*.C` for C++) would
                // lose its meaning once lower-cased, so it is not an
                // extension tag; `*.c`, case-sensitive too, still names `.c`.
                guard let pattern = attributes["pattern"],
                      attributes["case-sensitive"] != "true" || pattern == pattern.lowercased(),
                      let ext = SharedMimeInfoDeclarations.extensionOfGlob(pattern)
                else { return }
                let weight = attributes["weight"].flatMap(Int.init) ?? 50
                current?.extensions.append(TypeDeclaration.Tag(.filenameExtension, ext, weight: weight))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            commentText?.append(string)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            if depth == 0, element == "mime-info" { closedRoot = true }
            switch element {
            case "comment":
                if commentIsUntranslated, current?.comment == nil {
                    current?.comment = commentText?.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                commentText = nil
            case "mime-type":
                if let current { types.append(current) }
                current = nil
            default:
                break
            }
        }
    }
}
