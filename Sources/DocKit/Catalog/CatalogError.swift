/// A document could not be found, named or created as asked.
public enum CatalogError: DocKitError, Hashable {
    /// No document is listed under this name or path.
    case documentNotFound(String)
    /// The name matches documents in both locations (or several in one).
    case ambiguous(String, candidates: [String])
    /// The name cannot be a filename; `reason` says why.
    case invalidName(String, reason: String)
    /// A document of this name already exists.
    case nameTaken(String)
    /// The type declares no filename extension to name a new document with.
    case typeHasNoExtension(String)
    /// `new NAME` without a type, and NAME's extension names none.
    case typeNotImplied(String)
    /// The path is not inside either location's Documents folder.
    case notADocument(path: String)
    /// Only its iCloud placeholder is here; `action` says what could not be done.
    case notDownloaded(String, action: String)

    /// `.notFound` when nothing matches, `.conflict` for ambiguous or taken names, `.invalidInput` for bad names and types, `.refused` for a placeholder.
    public var kind: FailureKind {
        switch self {
        case .documentNotFound, .notADocument: .notFound
        case .ambiguous, .nameTaken: .conflict
        case .invalidName, .typeHasNoExtension, .typeNotImplied: .invalidInput
        case .notDownloaded: .refused
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
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
