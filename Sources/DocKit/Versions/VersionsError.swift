/// Why a conflict could not be resolved as asked.
enum VersionsError: DocKitFailure, Hashable {
    /// `--keep N` names no conflict version.
    case noSuchVersion(document: String, number: Int, count: Int)
    /// `--keep current` when the engine left only its copies.
    case noCurrentVersion(document: String)
    /// Its conflict versions lie beside it, and would stay behind.
    case unresolved(document: String, action: String, versions: Int)
    /// A package that lost most of its tree keeps what is left or a whole
    /// package; `newest`, `all` and a conflict copy mix the two.
    case lostPackage(document: String)

    var code: DocKitError.Code {
        switch self {
        case .noSuchVersion: .versionNotFound
        case .noCurrentVersion, .lostPackage: .invalidValue
        case .unresolved: .unresolvedConflict
        }
    }

    var document: String? {
        switch self {
        case .noSuchVersion(let document, _, _), .noCurrentVersion(let document), .unresolved(let document, _, _), .lostPackage(let document): document
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .noSuchVersion(let document, let number, let count):
            "\(document): no version \(number); it has \(count) conflict version\(count == 1 ? "" : "s")"
        case .noCurrentVersion(let document):
            "\(document): the sync engine left only its conflict copies, so there is no current version to keep; keep one by number, newest or all"
        case .unresolved(let document, let action, let versions):
            "\(document): in conflict, and a \(action) would leave its \(versions) conflict version\(versions == 1 ? "" : "s") behind"
        case .lostPackage(let document):
            "\(document): lost most of its files; keep current (what is left) or the number of a whole package as 'versions' shows it"
        }
    }
}
