import DocKit

/// One item of the Trash, as `trash --json` gives it.
public struct TrashItemReport: Encodable {
    public var name: String
    public var originalPath: String
    public var deleted: String
    public var isFolder: Bool
    public var isSymbolicLink: Bool
    public var size: Int64

    public init(_ item: TrashedItem) {
        name = item.name.description
        originalPath = item.info.originalPath.description
        deleted = Formatting.isoDate(item.info.deletionDate)
        isFolder = item.status.kind == .directory
        isSymbolicLink = item.status.kind == .symbolicLink
        size = item.size
    }
}
