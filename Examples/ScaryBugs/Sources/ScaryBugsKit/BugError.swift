/// Why a bug document could not be read or made.
public enum BugError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A bug is a package; this is a plain file.
    case notAPackage
    /// A part of the package is missing or is not what it should be.
    case unreadable(part: String, reason: String)
    /// A bug of that name is already on the shelf.
    case exists(name: String)

    /// One line, ready to show.
    public var description: String {
        switch self {
        case .notAPackage: "not a bug: a bug is a package (a folder), this is a file"
        case .unreadable(let part, let reason): "\(part): \(reason)"
        case .exists(let name): "\(name): a bug of that name already exists"
        }
    }
}
