#if canImport(Glibc)
import Glibc
#endif

/// Why an ``EditableDocument`` could not open, save, revert or close.
///
/// Each case names the document (or the entry inside its package) and
/// what happened, so that an app can show the description as it is.
public enum EditingError: DocKitError {
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
    case fileSystem(FileSystemError)

    /// What kind of failure it is, for choosing an exit status: a lock
    /// held elsewhere or an unsafe entry is refused for safety.
    public var kind: FailureKind {
        switch self {
        case .busy, .unsupportedEntry: .refused
        case .alreadyExists: .conflict
        case .vanished: .notFound
        case .closed, .contents: .failed
        case .fileSystem(let error): error.kind
        }
    }

    /// One line naming the document, or the entry inside it, and what
    /// happened, ready to show.
    public var description: String {
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
    static func wrapping(_ error: any Error, document: RawPath) -> EditingError {
        switch error {
        case let error as EditingError: error
        case let error as FileSystemError: .fileSystem(error)
        case CoordinationError.busy(_, let holder): .busy(document: document, holder: holder)
        case is CoordinationError: .busy(document: document, holder: nil)
        case let error as LockError: .fileSystem(FileSystemError(path: RawPath(error.path), operation: "cannot be locked", errno: error.errno))
        default: .contents(document: document, underlying: error)
        }
    }
}
