import Foundation

/// Deletes one item, to the Trash or outright, as journaled steps, so a
/// crash never leaves a half-deleted document in view: the next run
/// finishes the deletion the user asked for.
struct JournaledDeletion {
    let home: Home
    let trash: Trash
    var copier = TreeCopier()

    /// Returns the item's name in the Trash.
    func moveToTrash(_ item: RawPath) throws -> RawPath {
        guard let inode = FileSystem.inode(of: item) else {
            throw DocKitError(FileSystemError(path: item, operation: "does not exist", errno: ENOENT))
        }
        let identifier = OperationJournal.newIdentifier(for: home)
        let request = TrashRequest(item: item, originalPath: item, inode: inode, trash: trash, identifier: identifier, role: "retired")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .trash(request))
        CrashPoint.reached("journaled")
        let name = try TrashPlacement(trash: trash, journal: journal, copier: copier).place(request)
        journal.finish()
        return name
    }

    func removePermanently(_ item: RawPath) throws {
        try Self.removePermanently(item, home: home)
    }

    /// Removes `item` outright, journaled in `home`, so that the next
    /// command finishes a removal a crash cut short: what a deletion does
    /// without the Trash, and how the Inbox lets go of an item.
    static func removePermanently(_ item: RawPath, home: Home) throws {
        guard let inode = FileSystem.inode(of: item) else {
            throw DocKitError(FileSystemError(path: item, operation: "does not exist", errno: ENOENT))
        }
        let identifier = OperationJournal.newIdentifier(for: home)
        let retired = OperationJournal.temporary(beside: item, identifier: identifier, role: "retired")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .remove(item: item, retired: retired, inode: inode))
        CrashPoint.reached("journaled")
        try FileSystem.retireAndRemove(item, retired: retired)
        try FileSystem.synchronizeDirectory(item.deletingLastComponent)
        journal.finish()
    }

    func resume(_ journal: OperationJournal, entries: [JournalEntry]) throws {
        switch entries.first?.operation {
        case .trash(let request)?:
            let trashEntries = Array(entries.drop { $0.step != .trashBegin })
            try TrashPlacement(trash: request.trash(or: trash), journal: journal, copier: copier).resume(request, after: trashEntries)
        case .remove(let item, let retired, let inode)?:
            if FileSystem.inode(of: item) == inode {
                try FileSystem.retireAndRemove(item, retired: retired)
            } else {
                try TreeRemover.remove(retired)
            }
        default:
            break
        }
    }
}
