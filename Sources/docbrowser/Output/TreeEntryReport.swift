import DocKit

/// An entry of a package's tree as `preview --json` prints it: its path
/// is `relativePath`, since `path` is absolute wherever it appears, and a
/// type that could not be told is left out rather than empty, since
/// `type` is always a type identifier.
struct TreeEntryReport: Encodable {
    var relativePath: String
    var depth: Int
    var kind: Preview.TreeEntry.EntryKind
    var type: String?
    var size: Int64
    var linkTarget: String?
    var omittedEntries: Int

    init(_ entry: Preview.TreeEntry) {
        relativePath = entry.path
        depth = entry.depth
        kind = entry.kind
        type = entry.type.isEmpty ? nil : entry.type
        size = entry.size
        linkTarget = entry.linkTarget
        omittedEntries = entry.omittedEntries
    }

    var name: String { relativePath.split(separator: "/").last.map(String.init) ?? relativePath }
}
