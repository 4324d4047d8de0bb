/// What a document says, as the search index keeps it.
public enum ExtractedText: Sendable, Hashable {
    /// The document's words, at most the extractor's `maxBytes` of them.
    case text(String)
    /// The document holds no words any extractor reads: an image, an archive.
    case none
    /// An extractor gave up on it: it timed out, went past a limit, or the
    /// document is damaged. Such a document is found by its name only.
    case failed(reason: String)
}

/// Reads the words of a document for the search index. Containers that
/// need parsing run as separate processes with the time and size limits
/// previews keep (``PreviewTools``): a PDF through poppler's `pdftotext`,
/// a zip-based document (OpenDocument, Office Open XML, iWork, EPUB)
/// through the archiver, one XML part at a time under a byte cap. What
/// is read in this process is a bounded read of the file, or a part the
/// archiver already cut to its cap: text in its encoding, Markdown, RTF,
/// HTML and XML, JSON and property lists. A hostile document costs a
/// failed entry, never a hung or crashed search.
public struct DocumentTextExtractor: Sendable {
    /// The tools and limits the extractors run with.
    public var tools: PreviewTools
    /// The most bytes of text kept for one document.
    public var maxBytes: Int
    /// The most bytes of a document's source read to find its text: a
    /// file's head for markup read here, each XML part a zip holds. A part
    /// that inflates past it is a zip bomb as far as search is concerned.
    public var maxSourceBytes: Int
    /// How files are read; every read names its window.
    public var reader: any PreviewFileReader

    /// Why a document's text could not be read; `reason` completes a sentence about it.
    struct Refusal: Error {
        var reason: String
    }

    /// - Parameters:
    ///   - tools: The tools and limits the extractors run with.
    ///   - maxBytes: The most bytes of text kept for one document; 1 MiB by default.
    ///   - maxSourceBytes: The most bytes of source read for them; 8 MiB by default.
    ///   - reader: How files are read.
    public init(tools: PreviewTools, maxBytes: Int = 1 << 20, maxSourceBytes: Int = 8 << 20, reader: any PreviewFileReader = BoundedFileReader()) {
        self.tools = tools
        self.maxBytes = max(0, maxBytes)
        self.maxSourceBytes = max(1, maxSourceBytes)
        self.reader = reader
    }

    /// The words `document` holds.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - registry: The registry that says what its type conforms to.
    /// - Returns: Its text, at most ``maxBytes`` of it; ``ExtractedText/none``
    ///   when no extractor reads its type; ``ExtractedText/failed(reason:)``
    ///   when the reader gave up, timed out or went past a limit.
    public func extract(_ document: Document, registry: TypeRegistry) async -> ExtractedText {
        guard !document.isFolder || document.isPackage, !document.isSymbolicLink,
              let format = TextFormat(type: document.type, isPackage: document.isPackage, registry: registry) else { return .none }
        do {
            guard let text = try await read(format, at: document.path) else { return .none }
            return .text(capped(text))
        } catch {
            return .failed(reason: error.reason)
        }
    }

    private func read(_ format: TextFormat, at path: RawPath) async throws(Refusal) -> String? {
        switch format {
        case .plainText: return try decoded(try head(of: path, count: maxBytes), count: maxBytes)
        case .markdown: return MarkdownText.text(try decoded(try head(of: path, count: maxBytes), count: maxBytes))
        case .html: return HTMLText.text(try decoded(try head(of: path, count: maxSourceBytes), count: maxSourceBytes), maxBytes: maxBytes)
        case .rtf:
            guard let text = RTFText.text(try head(of: path, count: maxSourceBytes), maxBytes: maxBytes) else {
                throw Refusal(reason: #"it does not begin with {\rtf, as RTF does"#)
            }
            return text
        case .json: return try structuredText(at: path, isPropertyList: false)
        case .propertyList: return try structuredText(at: path, isPropertyList: true)
        case .pdf: return try await pdfText(at: path)
        case .office: return try await officeText(in: PluginPreviewer.absolute(path).description)
        case .epub: return try await bookText(in: PluginPreviewer.absolute(path).description)
        case .iWorkPackage: return try await iWorkPackageText(at: path)
        }
    }

    /// `text` cut to ``maxBytes`` of UTF-8, never inside a character.
    private func capped(_ text: String) -> String {
        guard text.utf8.count > maxBytes else { return text }
        let head = Array(text.utf8.prefix(maxBytes))
        return head.isEmpty ? "" : String(decoding: TextDecoding.dropIncompleteUTF8Tail(head), as: UTF8.self)
    }

    func head(of path: RawPath, count: Int) throws(Refusal) -> [UInt8] {
        do {
            return try reader.read(path, offset: 0, count: count)
        } catch {
            throw Refusal(reason: error.description)
        }
    }

    /// Text in any encoding docbrowser reads (``TextDecoding``), UTF-16
    /// without a byte-order mark too, and Latin-1 read as the Windows-1252
    /// it nearly always is.
    func decoded(_ bytes: [UInt8], count: Int) throws(Refusal) -> String {
        let isComplete = bytes.count < count || bytes.isEmpty
        let marked = Self.unmarkedUTF16(bytes).map { $0 + bytes } ?? bytes
        guard let decoding = TextDecoding.decode(marked, isComplete: isComplete) else {
            throw Refusal(reason: "it is not text in any encoding docbrowser reads")
        }
        return decoding.encoding == .latin1 ? Windows1252.decode(bytes) : decoding.text
    }

    /// The byte-order mark UTF-16 without one would have had: text in
    /// ASCII or Latin-1 has a NUL in nearly every other byte, and never in
    /// the bytes between. Nil for anything else, text in other scripts too:
    /// binary data with a few NULs must not pass for it.
    static func unmarkedUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        let pairs = min(bytes.count, 4096) / 2
        guard pairs >= 2, !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for pair in 0..<pairs {
            if bytes[2 * pair] == 0 { evenZeros += 1 }
            if bytes[2 * pair + 1] == 0 { oddZeros += 1 }
        }
        if evenZeros == 0, oddZeros * 10 >= pairs * 9 { return [0xFF, 0xFE] }
        if oddZeros == 0, evenZeros * 10 >= pairs * 9 { return [0xFE, 0xFF] }
        return nil
    }
}

extension DocumentTextExtractor.Refusal {
    init(_ failure: ToolProcess.Failure) {
        self.init(reason: failure.description)
    }
}
