import DocKit

/// An entry of a package's tree as `preview --json` prints it: its path
/// is `relativePath`, since `path` is absolute wherever it appears, and a
/// type that could not be told is left out rather than empty, since
/// `type` is always a type identifier.
public struct TreeEntryReport: Encodable {
    public var relativePath: String
    public var depth: Int
    public var kind: Preview.TreeEntry.EntryKind
    public var type: String?
    public var size: Int64
    public var linkTarget: String?
    public var omittedEntries: Int

    public init(_ entry: Preview.TreeEntry) {
        relativePath = entry.path
        depth = entry.depth
        kind = entry.kind
        type = entry.type.isEmpty ? nil : entry.type
        size = entry.size
        linkTarget = entry.linkTarget
        omittedEntries = entry.omittedEntries
    }

    public var name: String { relativePath.split(separator: "/").last.map(String.init) ?? relativePath }
}
