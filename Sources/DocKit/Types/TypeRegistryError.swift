/// A type or a file to identify could not be found or read.
public enum TypeRegistryError: DocKitError, Hashable {
    /// No registered type has this identifier.
    case unknownType(String)
    /// Nothing is at the path.
    case fileNotFound(path: String)
    /// The file could not be examined; `reason` is the system's message.
    case unreadableFile(path: String, reason: String)

    /// `.notFound` for an unknown type or missing file; `.failed` for an unreadable one.
    public var kind: FailureKind {
        switch self {
        case .unknownType, .fileNotFound: .notFound
        case .unreadableFile: .failed
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    public var description: String {
        switch self {
        case .unknownType(let identifier): "\(identifier): no such type"
        case .fileNotFound(let path): "\(path): no such file or directory"
        case .unreadableFile(let path, let reason): "\(path): cannot be read (\(reason))"
        }
    }
}
