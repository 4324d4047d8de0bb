import DocKit

/// What `import --json` prints: ``DocumentImporter/Result`` in the words
/// the other commands use, where `entries` is a preview's list of archive
/// entries and `trashName` a replaced document's name in the Trash.
struct ImportReport: Encodable {
    struct Item: Encodable {
        var source: String
        var document: String
        var renamed: Bool
        var replaced: Bool
        var trashName: String?
    }

    var items: [Item]
    var entryCount: Int
    var bytes: Int64
    var skipped: [String]
    var superseded: [String]

    init(_ result: DocumentImporter.Result) {
        items = result.items.map {
            Item(source: $0.source, document: $0.document, renamed: $0.renamed, replaced: $0.replaced, trashName: $0.displacedTrashName)
        }
        entryCount = result.entries
        bytes = result.bytes
        skipped = result.skipped
        superseded = result.superseded
    }
}
