import DocKit

/// The kinds ``DocumentReport`` shows, looked up once per type rather
/// than once per document of a long listing.
struct DocumentKinds {
    let registry: TypeRegistry
    private var byType: [String: String] = [:]

    init(registry: TypeRegistry) {
        self.registry = registry
    }

    mutating func kind(of document: Document) -> String {
        if document.isFolder { return DocumentReport.kind(of: document, registry: registry) }
        if let kind = byType[document.type] { return kind }
        let kind = DocumentReport.kind(of: document, registry: registry)
        byType[document.type] = kind
        return kind
    }
}
