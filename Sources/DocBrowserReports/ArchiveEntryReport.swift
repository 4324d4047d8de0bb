import DocKit

/// An archive's entry as `preview --json` prints it: the plugin's own
/// words (docs/PLUGIN-PROTOCOL.md) said in docs/JSON.md's, where `type`
/// is always a type identifier and a package tree's entry already has a
/// `kind` and a `linkTarget`.
public struct ArchiveEntryReport: Encodable {
    public var name: String
    /// `file`, `directory`, `symlink`, `hardlink`, or the special kind, as
    /// the archive says it.
    public var kind: String
    public var size: Int64?
    public var compressedSize: Int64?
    public var linkTarget: String?
    public var refused: String?

    public init(_ entry: Preview.ArchiveEntry) {
        name = entry.name
        kind = entry.type
        size = entry.size
        compressedSize = entry.compressedSize
        linkTarget = entry.target
        refused = entry.refused
    }
}
