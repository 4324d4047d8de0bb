/// Why a document cannot be moved or deleted, beyond the file system's own
/// errors.
enum MoveError: DocKitFailure, Hashable {
    /// An iCloud placeholder stands for a file that is not on this machine.
    case notDownloaded(String)
    /// Another process moved or removed it since it was looked up.
    case vanished(String)
    /// The name is taken at the destination under policy `fail`, or
    /// `rename` found no free name.
    case destinationTaken(String)
    /// Something wrote the document while it was being copied to another
    /// file system; `entry` is what changed, inside it, or empty.
    case changedWhileCopied(String, entry: String)
    /// The folder something is to go back to (`folder`) no longer exists.
    case destinationFolderMissing(String, folder: String)
    /// The folder a document is to go into is not one `list` shows.
    case noSuchFolder(String)
    /// A folder cannot go into itself or a folder inside it.
    case intoItself(String, destination: String)

    var code: DocKitError.Code {
        switch self {
        case .notDownloaded: .notDownloaded
        case .vanished: .notFound
        case .destinationTaken: .alreadyExists
        case .changedWhileCopied: .changedWhileCopied
        case .destinationFolderMissing: .folderGone
        case .noSuchFolder: .noSuchFolder
        case .intoItself: .refused
        }
    }

    var document: String? {
        switch self {
        case .notDownloaded(let name), .vanished(let name), .destinationTaken(let name), .changedWhileCopied(let name, _),
             .destinationFolderMissing(let name, _), .noSuchFolder(let name), .intoItself(let name, _): name
        }
    }

    /// One line for the user, naming the document, file or argument concerned.
    var description: String {
        switch self {
        case .notDownloaded(let name): "\(name): not downloaded; only its placeholder is here, so there is nothing to move; download it on a device that has it"
        case .vanished(let name): "\(name): no longer exists; another process moved or removed it"
        case .destinationTaken(let name): "\(name): already exists"
        case .destinationFolderMissing(let name, let folder): "\(name): cannot go back to \(folder), which no longer exists"
        case .noSuchFolder(let folder): "\(folder): no such folder"
        case .intoItself(let name, let destination): "\(name): cannot go into \(destination), which is inside it"
        case .changedWhileCopied(let name, let entry):
            "\(name): changed while it was being copied\(entry.isEmpty ? "" : " (\(entry))"), so a sync engine or another program is still writing it; the move was undone and the document is as it was; try again when it is done"
        }
    }
}
