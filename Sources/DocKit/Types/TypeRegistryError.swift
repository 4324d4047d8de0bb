/// A type or a file to identify could not be found or read.
enum TypeRegistryError: DocKitFailure, Hashable {
    /// No registered type has this identifier.
    case unknownType(String)
    /// Nothing is at the path.
    case fileNotFound(path: String)
    /// The file could not be examined; `reason` is the system's message.
    case unreadableFile(path: String, reason: String)

    var code: DocKitError.Code {
        switch self {
        case .unknownType: .typeNotFound
        case .fileNotFound: .notFound
        case .unreadableFile: .fileSystem
        }
    }

    var document: String? {
        switch self {
        case .unknownType(let name), .fileNotFound(let name), .unreadableFile(let name, _): name
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .unknownType(let identifier): "\(identifier): no such type"
        case .fileNotFound(let path): "\(path): no such file or directory"
        case .unreadableFile(let path, let reason): "\(path): cannot be read (\(reason))"
        }
    }
}
