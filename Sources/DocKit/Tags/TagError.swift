/// Why a document's tags could not be read or changed.
enum TagError: DocKitFailure, Hashable {
    /// The file system the document is on keeps no user extended attributes.
    case unsupported(String)
    /// The document is a symbolic link: Linux keeps no user attributes on
    /// one, and tagging its target instead could write outside the Documents folder.
    case symbolicLink(String)
    /// The tag name cannot be kept in `user.xdg.tags`; `reason` says why.
    case invalidName(String, reason: String)

    var code: DocKitError.Code {
        switch self {
        case .unsupported, .symbolicLink: .notSupported
        case .invalidName: .invalidName
        }
    }

    var document: String? {
        switch self {
        case .unsupported(let name), .symbolicLink(let name), .invalidName(let name, _): name
        }
    }

    /// One line naming the document or the tag.
    var description: String {
        switch self {
        case .unsupported(let path): "\(path): its file system keeps no extended attributes, so it cannot have tags"
        case .symbolicLink(let path): "\(path): a symbolic link cannot have tags; tag the document it points to"
        case .invalidName(let name, let reason): "\(name): not a valid tag name: \(reason)"
        }
    }
}
