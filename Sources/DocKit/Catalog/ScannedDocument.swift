/// A document a scan found: made, or found as the catalog has it and
/// made only if it is wanted as a ``Document``.
enum ScannedDocument {
    case made(Document)
    /// The row at `rows`' head, which a file's status showed unchanged.
    case unchanged(CatalogStore.SortedEntries)

    var document: Document {
        switch self {
        case .made(let document): document
        case .unchanged(let rows): rows.headDocument
        }
    }
}
