/// Why an export did not start.
public enum ExportError: DocKitError, Hashable {
    /// The archive's file exists, and replacing it was not asked for.
    case outputExists(path: String)

    /// Always `.conflict`.
    public var kind: FailureKind { .conflict }

    /// One line for the user, naming the document, file or argument concerned.
    public var description: String {
        switch self {
        case .outputExists(let path): "\(path): already exists"
        }
    }
}
