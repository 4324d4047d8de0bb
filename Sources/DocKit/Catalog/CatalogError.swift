public enum CatalogError: DocKitError, Hashable {
    case documentNotFound(String)
    /// The name matches documents in both locations (or several in one).
    case ambiguous(String, candidates: [String])
    case invalidName(String, reason: String)
    case nameTaken(String)
    case typeHasNoExtension(String)
    /// `new NAME` without a type, and NAME's extension names none.
    case typeNotImplied(String)
    case notADocument(path: String)
    /// Only its iCloud placeholder is here; `action` says what could not be done.
    case notDownloaded(String, action: String)

    public var kind: FailureKind {
        switch self {
        case .documentNotFound, .notADocument: .notFound
        case .ambiguous, .nameTaken: .conflict
        case .invalidName, .typeHasNoExtension, .typeNotImplied: .invalidInput
        case .notDownloaded: .refused
        }
    }

    public var description: String {
        switch self {
        case .documentNotFound(let name): "\(name): no such document"
        case .ambiguous(let name, let candidates): "\(name): ambiguous, it could be \(candidates.joined(separator: " or "))"
        case .invalidName(let name, let reason): "\(name): not a valid document name: \(reason)"
        case .nameTaken(let path): "\(path): a document with this name already exists"
        case .typeHasNoExtension(let type): "\(type): this type has no filename extension; give a NAME with one"
        case .typeNotImplied(let name): "\(name): the name has no extension that says its type; give --type UTI"
        case .notADocument(let path): "\(path): not a document in the local or cloud Documents folder"
        case .notDownloaded(let name, let action):
            "\(name): not downloaded; only its placeholder is here, so there is nothing to \(action); download it on a device that has it"
        }
    }
}
