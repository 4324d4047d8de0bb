/// Why an export did not start.
enum ExportError: DocKitFailure, Hashable {
    /// The archive's file exists, and replacing it was not asked for.
    case outputExists(path: String)

    var code: DocKitError.Code { .alreadyExists }

    var document: String? {
        switch self {
        case .outputExists(let path): path
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .outputExists(let path): "\(path): already exists"
        }
    }
}
