public enum TypeRegistryError: DocKitError, Hashable {
    case unknownType(String)
    case fileNotFound(path: String)
    case unreadableFile(path: String, reason: String)

    public var kind: FailureKind {
        switch self {
        case .unknownType, .fileNotFound: .notFound
        case .unreadableFile: .failed
        }
    }

    public var description: String {
        switch self {
        case .unknownType(let identifier): "\(identifier): no such type"
        case .fileNotFound(let path): "\(path): no such file or directory"
        case .unreadableFile(let path, let reason): "\(path): cannot be read (\(reason))"
        }
    }
}
