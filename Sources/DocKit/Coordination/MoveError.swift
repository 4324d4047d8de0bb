/// Why a document cannot be moved or deleted, beyond the file system's own
/// errors.
public enum MoveError: DocKitError, Hashable {
    /// An iCloud placeholder stands for a file that is not on this machine.
    case notDownloaded(String)
    /// Another process moved or removed it since it was looked up.
    case vanished(String)
    case destinationTaken(String)

    public var kind: FailureKind {
        switch self {
        case .notDownloaded: .refused
        case .vanished: .notFound
        case .destinationTaken: .conflict
        }
    }

    public var description: String {
        switch self {
        case .notDownloaded(let name): "\(name): not downloaded; only its placeholder is here, so there is nothing to move; download it on a device that has it"
        case .vanished(let name): "\(name): no longer exists; another process moved or removed it"
        case .destinationTaken(let name): "\(name): already exists; use --on-conflict rename or replace"
        }
    }
}
