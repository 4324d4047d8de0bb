import DocKit

/// The kinds ``DocumentReport`` shows, looked up once per type rather
/// than once per document of a long listing.
public struct DocumentKinds {
    public let registry: TypeRegistry
    private var byType: [String: String] = [:]
    /// Neighbours mostly share a type, often as one string: no hashing.
    private var last: (type: String, kind: String)?

    public init(registry: TypeRegistry) {
        self.registry = registry
    }

    public mutating func kind(of document: Document) -> String {
        if document.isFolder { return DocumentReport.kind(of: document, registry: registry) }
        return kind(ofType: document.type)
    }

    /// The kind of a document of `type` that is no folder.
    public mutating func kind(ofType type: String) -> String {
        if let last, last.type == type { return last.kind }
        let kind: String
        if let known = byType[type] {
            kind = known
        } else {
            kind = DocumentReport.kind(ofType: type, registry: registry)
            byType[type] = kind
        }
        last = (type, kind)
        return kind
    }
}
