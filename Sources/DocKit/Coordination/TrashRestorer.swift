#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Puts items from the freedesktop Trash back where they were, or into
/// another folder: the item is moved out of `files/` as a document is moved
/// (no-replace rename, or a verified copy across file systems), and only
/// then is its `.trashinfo` removed, so that no tool ever shows an entry
/// whose item is gone, nor keeps an item it can no longer show.
public struct TrashRestorer: Sendable {
    /// The home whose journal and locks coordinate the restore.
    public let home: Home
    /// The Trash items are restored from; also where a replaced item goes.
    public let trash: Trash

    /// Creates a restorer.
    ///
    /// - Parameters:
    ///   - home: The docbrowser home whose journal and locks are used.
    ///   - trash: The Trash to restore from.
    public init(home: Home, trash: Trash) {
        self.home = home
        self.trash = trash
    }

    /// What a restore did.
    public struct Result: Sendable, Hashable {
        /// The item as it was in the Trash.
        public var item: TrashedItem
        /// Where it is now.
        public var destination: RawPath
        /// The name under `replace`'s displaced item went to the Trash, if any.
        public var displacedTrashName: RawPath?
    }

    /// Where `item` would go: `folder`, or the folder it was trashed from,
    /// under its original name.
    public func destination(of item: TrashedItem, in folder: RawPath? = nil) -> RawPath {
        (folder ?? item.info.originalPath.deletingLastComponent).appending(item.info.originalPath.lastComponent)
    }

    /// Moves `item` out of the Trash, under a journal and the locks a move
    /// takes, so that a crash leaves it either in the Trash or restored,
    /// whole, never both or neither.
    ///
    /// - Parameters:
    ///   - item: The item, as ``Trash/items()`` listed it.
    ///   - folder: Where to put it instead of the folder it came from.
    ///   - policy: What to do when its name is taken there: fail, take
    ///     "Name 2.ext", or replace, sending what was there to the Trash.
    /// - Returns: Where it went.
    /// - Throws: ``DocKitError/Code/notFound`` when it left the Trash since it
    ///   was listed; ``DocKitError/Code/folderGone`` when
    ///   the folder is gone; ``DocKitError/Code/alreadyExists`` under
    ///   `fail`; ``DocKitError`` when another process holds either
    ///   path; ``DocKitError/Code/fileSystem`` when a step fails.
    public func restore(_ item: TrashedItem, to folder: RawPath? = nil, onConflict policy: ConflictPolicy = .fail) throws -> Result {
        let original = destination(of: item, in: folder)
        let parent = original.deletingLastComponent
        guard try FileStatus.of(parent)?.kind == .directory else {
            throw DocKitError(MoveError.destinationFolderMissing(original.description, folder: parent.description))
        }
        var destination = original
        var attempt = 1
        while true {
            let lock = try DocumentLock([item.path, destination], in: LockDirectory(home: home), holder: LockHolder(activity: "restoring \(item.info.originalPath) from the Trash"))
            defer { lock.release() }
            guard FileSystem.inode(of: item.path) == item.status.inode else { throw DocKitError(MoveError.vanished(item.info.originalPath.description)) }
            if try FileStatus.of(destination) != nil {
                switch policy {
                case .fail:
                    throw DocKitError(MoveError.destinationTaken(destination.description))
                case .rename:
                    attempt += 1
                    guard attempt <= 10_000 else { throw DocKitError(MoveError.destinationTaken(destination.description)) }
                    destination = parent.appending(Trash.candidateName(for: original, attempt: attempt))
                    continue
                case .replace:
                    break
                }
            }
            let journal = try OperationJournal(home: home, begin: .restore(item: item.path, info: item.infoPath, destination: destination, inode: item.status.inode))
            CrashPoint.reached("journaled")
            let outcome: JournaledMove.Outcome
            do {
                outcome = try JournaledMove(home: home, trash: trash).move(item.path, to: destination, replace: policy == .replace)
            } catch let error as DocKitError where error.fileSystemFailure?.errno == EEXIST {
                journal.finish()
                if policy == .rename { continue }
                throw DocKitError(MoveError.destinationTaken(destination.description))
            } catch {
                journal.finish()
                throw error
            }
            CrashPoint.reached("restored")
            try item.trash.forget(item.name)
            journal.finish()
            return Result(item: item, destination: destination, displacedTrashName: outcome.displacedTrashName)
        }
    }

    /// Finishes or undoes a restore a dead process left; its move's own
    /// journal was settled first. The item still in `files/` means the
    /// restore never happened; gone from there, it happened, and only its
    /// `.trashinfo` may be left to remove.
    static func resume(item: RawPath, inode: UInt64) throws -> RecoveryOutcome {
        if FileSystem.inode(of: item) == inode { return .undone }
        // The Trash the item was in: `TRASH/files/NAME`.
        try Trash(directory: item.deletingLastComponent.deletingLastComponent).forget(item.lastComponent)
        return .finished
    }
}
