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

/// Reads the words of a document for the search index. Readers of
/// formats that need parsing run as separate processes with the time
/// and size limits previews keep (``PreviewTools``), so that a hostile
/// document costs a failed entry, never a hung or crashed search.
public struct DocumentTextExtractor: Sendable {
    /// The tools and limits the extractors run with.
    public var tools: PreviewTools
    /// The most bytes of text kept for one document.
    public var maxBytes: Int
    /// How files are read; every read names its window.
    public var reader: any PreviewFileReader

    /// - Parameters:
    ///   - tools: The tools and limits the extractors run with.
    ///   - maxBytes: The most bytes of text kept for one document; 1 MiB by default.
    ///   - reader: How files are read.
    public init(tools: PreviewTools, maxBytes: Int = 1 << 20, reader: any PreviewFileReader = BoundedFileReader()) {
        self.tools = tools
        self.maxBytes = max(0, maxBytes)
        self.reader = reader
    }

    /// The words `document` holds.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - registry: The registry that says what its type conforms to.
    /// - Returns: Its text, ``ExtractedText/none`` when no extractor reads
    ///   its type, or ``ExtractedText/failed(reason:)``.
    public func extract(_ document: Document, registry: TypeRegistry) async -> ExtractedText {
        guard !document.isFolder, !document.isSymbolicLink, !document.isPackage else { return .none }
        guard registry.conforms(document.type, to: "public.text") else { return .none }
        do {
            let bytes = try reader.read(document.path, offset: 0, count: maxBytes)
            guard let decoded = TextDecoding.decode(bytes, isComplete: bytes.count < maxBytes) else {
                return .failed(reason: "it is not text in any encoding docbrowser reads")
            }
            return .text(decoded.text)
        } catch {
            return .failed(reason: error.description)
        }
    }
}
