#if canImport(Glibc)
import Glibc
#endif

/// Why an ``EditableDocument`` could not open, save, revert or close.
///
/// Each case names the document (or the entry inside its package) and
/// what happened, so that an app can show the description as it is.
enum EditingError: DocKitFailure {
    /// A docbrowser process is moving, deleting or renaming the document;
    /// `holder` is nil when it has not said who it is yet.
    case busy(document: RawPath, holder: LockHolder?)
    /// A new document would have replaced what is already at its name.
    case alreadyExists(document: RawPath)
    /// The document is no longer where it was opened.
    case vanished(document: RawPath)
    /// The document is closed: open it, or save it for creating, first.
    case closed(document: RawPath)
    /// An entry that a document cannot hold: a FIFO, a device, a socket, a
    /// symbolic link out of the package, or a name that is not one name.
    case unsupportedEntry(document: RawPath, entry: RawPath, reason: String)
    /// The app's ``DocumentContents`` failed to give or to take the contents.
    case contents(document: RawPath, underlying: any Error)
    /// A system call failed.
    case fileSystem(DocKitError)

    var code: DocKitError.Code {
        switch self {
        case .busy: .busy
        case .unsupportedEntry: .notSupported
        case .alreadyExists: .alreadyExists
        case .vanished: .notFound
        case .closed: .notOpen
        case .contents: .contentsFailed
        case .fileSystem(let error): error.code
        }
    }

    var document: String? {
        switch self {
        case .busy(let document, _), .alreadyExists(let document), .vanished(let document), .closed(let document),
             .unsupportedEntry(let document, _, _), .contents(let document, _): document.description
        case .fileSystem(let error): error.document
        }
    }

    var underlying: (any Error & Sendable)? {
        switch self {
        case .contents(_, let underlying): underlying
        case .fileSystem(let error): error.underlying
        default: nil
        }
    }

    /// One line naming the document, or the entry inside it, and what
    /// happened, ready to show.
    var description: String {
        switch self {
        case .busy(let document, let holder):
            "\(document): another docbrowser process is \(holder?.description ?? "changing it"); try again when it is done"
        case .alreadyExists(let document):
            "\(document): already exists"
        case .vanished(let document):
            "\(document): is no longer there"
        case .closed(let document):
            "\(document): is not open"
        case .unsupportedEntry(let document, let entry, let reason):
            "\(entry.isEmpty ? document : document.appending(entry)): \(reason)"
        case .contents(let document, let underlying):
            "\(document): \(underlying)"
        case .fileSystem(let error):
            error.description
        }
    }
}

extension EditingError {
    /// What the coordination and file-system layers throw, said about
    /// `document`.
    static func wrapping(_ error: any Error, document: RawPath) -> DocKitError {
        guard let error = error as? DocKitError else { return DocKitError(EditingError.contents(document: document, underlying: error)) }
        return switch error.failure {
        case is EditingError: error
        case is FileSystemError: DocKitError(EditingError.fileSystem(error))
        case let coordination as CoordinationError:
            if case .busy(_, let holder) = coordination {
                DocKitError(EditingError.busy(document: document, holder: holder))
            } else {
                DocKitError(EditingError.busy(document: document, holder: nil))
            }
        case let failure as LockError:
            DocKitError(EditingError.fileSystem(DocKitError(FileSystemError(path: RawPath(failure.path), operation: "cannot be locked", errno: failure.errno))))
        default: DocKitError(EditingError.contents(document: document, underlying: error))
        }
    }
}
