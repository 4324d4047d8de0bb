import DocKit

/// The kinds ``DocumentReport`` shows, looked up once per type rather
/// than once per document of a long listing.
struct DocumentKinds {
    let registry: TypeRegistry
    private var byType: [String: String] = [:]
    /// Neighbours mostly share a type, often as one string: no hashing.
    private var last: (type: String, kind: String)?

    init(registry: TypeRegistry) {
        self.registry = registry
    }

    mutating func kind(of document: Document) -> String {
        if document.isFolder { return DocumentReport.kind(of: document, registry: registry) }
        if let last, last.type == document.type { return last.kind }
        let kind: String
        if let known = byType[document.type] {
            kind = known
        } else {
            kind = DocumentReport.kind(of: document, registry: registry)
            byType[document.type] = kind
        }
        last = (document.type, kind)
        return kind
    }
}
