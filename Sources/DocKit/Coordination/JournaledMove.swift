#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Moves one item to a new name, atomically and durably:
/// - within one file system, renameat2 without replacing, or with
///   RENAME_EXCHANGE for a replace, the displaced item going to the Trash;
/// - across file systems, a copy into a hidden temporary beside the
///   destination, flushed, renamed into place without replacing (or
///   exchanged), and only then the source retired and removed.
/// Every step that a crash could interrupt is journaled first, so the
/// next run finishes or undoes it (``resume(_:after:)``).
struct JournaledMove {
    let home: Home
    let trash: Trash
    var copier = TreeCopier()

    struct Outcome: Sendable, Hashable {
        var crossedFileSystems: Bool
        /// The replaced item's name in the Trash.
        var displacedTrashName: RawPath?
    }

    /// Throws a FileSystemError with EEXIST when `destination` is taken and
    /// `replace` is false, having changed nothing.
    func move(_ source: RawPath, to destination: RawPath, replace: Bool) throws -> Outcome {
        guard let sourceInode = FileSystem.inode(of: source) else {
            throw DocKitError(FileSystemError(path: source, operation: "does not exist", errno: ENOENT))
        }
        let destinationInode = FileSystem.inode(of: destination)
        let sameFileSystem = FileSystem.device(of: source.deletingLastComponent) == FileSystem.device(of: destination.deletingLastComponent)
        if sameFileSystem {
            if destinationInode == nil || !replace {
                do {
                    try FileSystem.renameWithoutReplacing(source, to: destination)
                    try synchronize(source, destination)
                    return Outcome(crossedFileSystems: false)
                } catch {
                    // Bind mounts of one file system: same device, yet EXDEV.
                    guard error.errno == EXDEV else { throw error }
                }
            } else if let destinationInode {
                return try exchangeInPlace(source, destination, sourceInode: sourceInode, destinationInode: destinationInode)
            }
        }
        return try copyAcross(source, to: destination, replace: replace, sourceInode: sourceInode, destinationInode: destinationInode)
    }

    private func exchangeInPlace(_ source: RawPath, _ destination: RawPath, sourceInode: UInt64, destinationInode: UInt64) throws -> Outcome {
        let journal = try OperationJournal(home: home, begin: .move(source: source, destination: destination, staged: nil, retired: source, sourceInode: sourceInode, destinationInode: destinationInode))
        CrashPoint.reached("journaled")
        try FileSystem.exchange(source, destination)
        try synchronize(source, destination)
        CrashPoint.reached("exchanged")
        let name = try TrashPlacement(trash: trash, journal: journal, copier: copier).place(displacedRequest(at: source, originalPath: destination, inode: destinationInode, identifier: journal.identifier))
        journal.finish()
        return Outcome(crossedFileSystems: false, displacedTrashName: name)
    }

    private func copyAcross(_ source: RawPath, to destination: RawPath, replace: Bool, sourceInode: UInt64, destinationInode: UInt64?) throws -> Outcome {
        if !replace, destinationInode != nil {
            throw DocKitError(FileSystemError(path: destination, operation: "already exists", errno: EEXIST))
        }
        let identifier = OperationJournal.newIdentifier(for: home)
        let staged = OperationJournal.temporary(beside: destination, identifier: identifier, role: "staged")
        let retired = OperationJournal.temporary(beside: source, identifier: identifier, role: "retired")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .move(source: source, destination: destination, staged: staged, retired: retired, sourceInode: sourceInode, destinationInode: destinationInode))
        CrashPoint.reached("journaled")
        do {
            // A source changed while copied is not moved: the move is undone.
            try copier.copyVerified(source, to: staged)
            try FileSystem.synchronizeDirectory(staged.deletingLastComponent)
            try journal.append(JournalEntry(.copied, inode: FileSystem.inode(of: staged)))
        } catch {
            try? journal.append(JournalEntry(.abandoned))
            try? TreeRemover.remove(staged)
            journal.finish()
            throw error
        }
        CrashPoint.reached("copied")
        var displacedName: RawPath?
        if replace, let destinationInode, FileSystem.inode(of: destination) == destinationInode {
            try FileSystem.exchange(staged, destination)
            try FileSystem.synchronizeDirectory(destination.deletingLastComponent)
            CrashPoint.reached("exchanged")
            displacedName = try TrashPlacement(trash: trash, journal: journal, copier: copier).place(displacedRequest(at: staged, originalPath: destination, inode: destinationInode, identifier: identifier))
        } else {
            do {
                try FileSystem.renameWithoutReplacing(staged, to: destination)
            } catch {
                try journal.append(JournalEntry(.abandoned))
                try? TreeRemover.remove(staged)
                journal.finish()
                throw error
            }
            try FileSystem.synchronizeDirectory(destination.deletingLastComponent)
        }
        CrashPoint.reached("placed")
        try FileSystem.retireAndRemove(source, retired: retired)
        try FileSystem.synchronizeDirectory(source.deletingLastComponent)
        journal.finish()
        return Outcome(crossedFileSystems: true, displacedTrashName: displacedName)
    }

    func displacedRequest(at item: RawPath, originalPath: RawPath, inode: UInt64, identifier: String) -> TrashRequest {
        TrashRequest(item: item, originalPath: originalPath, inode: inode, trash: trash, identifier: identifier, role: "displaced")
    }

    private func synchronize(_ first: RawPath, _ second: RawPath) throws(DocKitError) {
        try FileSystem.synchronizeDirectory(first.deletingLastComponent)
        if second.deletingLastComponent != first.deletingLastComponent {
            try FileSystem.synchronizeDirectory(second.deletingLastComponent)
        }
    }

    /// Finishes or undoes a move a dead process left: until the copy is in
    /// place the source is kept and the copy removed; once it is, the
    /// source goes and any displaced item reaches the Trash.
    func resume(_ journal: OperationJournal, entries: [JournalEntry]) throws -> RecoveryOutcome {
        guard case .move(let source, let destination, let staged, let retired, let sourceInode, let destinationInode)? = entries.first?.operation else { return .finished }
        let placement = TrashPlacement(trash: trash, journal: journal, copier: copier)
        let trashEntries = Array(entries.drop { $0.step != .trashBegin })
        if let request = trashEntries.first?.trash {
            try placement.resume(request, after: trashEntries)
        }
        guard let staged else {
            if trashEntries.isEmpty, let destinationInode, FileSystem.inode(of: source) == destinationInode {
                try placement.place(displacedRequest(at: source, originalPath: destination, inode: destinationInode, identifier: journal.identifier))
            }
            return .finished
        }
        let copiedInode = entries.last { $0.step == .copied }?.inode
        let stagedInode = FileSystem.inode(of: staged)
        if entries.contains(where: { $0.step == .abandoned }) || copiedInode == nil || stagedInode == copiedInode {
            try TreeRemover.remove(staged)
            return .undone
        }
        if trashEntries.isEmpty, let destinationInode, stagedInode == destinationInode {
            try placement.place(displacedRequest(at: staged, originalPath: destination, inode: destinationInode, identifier: journal.identifier))
        }
        guard FileSystem.inode(of: destination) == copiedInode else { return .undone }
        if FileSystem.inode(of: source) == sourceInode {
            try FileSystem.retireAndRemove(source, retired: retired)
        } else {
            try TreeRemover.remove(retired)
        }
        return .finished
    }
}
