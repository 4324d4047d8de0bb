import DocKit

extension CommandContext {
    /// The search over `catalog`, its index beside the catalog, reading
    /// documents' words with the tools previews use.
    func documentSearch(_ catalog: DocumentCatalog) throws -> DocumentSearch {
        try DocumentSearch(catalog: catalog, extractor: DocumentTextExtractor(tools: library.previewTools()))
    }
}
