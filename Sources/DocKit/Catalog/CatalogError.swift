/// A document could not be found, named or created as asked.
enum CatalogError: DocKitFailure, Hashable {
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

    var code: DocKitError.Code {
        switch self {
        case .documentNotFound: .documentNotFound
        case .notADocument: .notFound
        case .ambiguous: .ambiguous
        case .nameTaken: .alreadyExists
        case .invalidName: .invalidName
        case .typeHasNoExtension, .typeNotImplied: .invalidValue
        case .notDownloaded: .notDownloaded
        }
    }

    var document: String? {
        switch self {
        case .documentNotFound(let name), .ambiguous(let name, _), .invalidName(let name, _), .nameTaken(let name),
             .typeHasNoExtension(let name), .typeNotImplied(let name), .notADocument(let name), .notDownloaded(let name, _): name
        }
    }

    var alternatives: [String] {
        if case .ambiguous(_, let candidates) = self { return candidates }
        return []
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
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
