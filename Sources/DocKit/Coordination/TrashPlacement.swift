#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Puts one item in the freedesktop Trash, as steps of a journal. The
/// `.trashinfo` is claimed first with O_EXCL (which is how every
/// implementation of the specification reserves a name), then the item is
/// renamed into `files/` without replacing — or, from another file
/// system, copied there under a hidden name first.
struct TrashPlacement {
    let trash: Trash
    let journal: OperationJournal
    var copier = TreeCopier()

    /// Returns the item's name in the Trash.
    @discardableResult
    func place(_ request: TrashRequest, deletionDate: Date = Date()) throws -> RawPath {
        try trash.create()
        try journal.append(JournalEntry(.trashBegin, trash: request))
        let sameFileSystem = FileSystem.device(of: request.item.deletingLastComponent) == FileSystem.device(of: trash.filesDirectory)
        let info = TrashInfo(originalPath: request.originalPath, deletionDate: deletionDate)
        for attempt in 1...100_000 {
            let name = Trash.candidateName(for: request.originalPath, attempt: attempt)
            try journal.append(JournalEntry(.reserving, trashName: name))
            guard try reserve(name, info: info) else {
                CrashPoint.reached("trash-name-taken")
                continue
            }
            CrashPoint.reached("trash-reserved")
            do {
                if sameFileSystem {
                    try FileSystem.renameWithoutReplacing(request.item, to: trash.filePath(name))
                } else {
                    try placeCopy(request, as: name)
                }
            } catch let error as DocKitError where error.fileSystemFailure?.errno == EEXIST {
                _ = trash.infoPath(name).withCString { unlink($0) }
                continue
            }
            try FileSystem.synchronizeDirectory(trash.filesDirectory)
            return name
        }
        throw DocKitError(FileSystemError(path: trash.filesDirectory, operation: "has no free name for \(request.originalPath.lastComponent)", errno: EEXIST))
    }

    private func reserve(_ name: RawPath, info: TrashInfo) throws -> Bool {
        let path = trash.infoPath(name)
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw DocKitError(FileSystemError(path: path, operation: "cannot be created", errno: errno))
        }
        defer { close(descriptor) }
        let data = Array(info.contents.utf8)
        guard write(descriptor, data, data.count) == data.count, fsync(descriptor) == 0 else {
            throw DocKitError(FileSystemError(path: path, operation: "cannot be written", errno: errno))
        }
        try FileSystem.synchronizeDirectory(trash.infoDirectory)
        // A name free in info/ may still be taken in files/ by a tool that
        // crashed; the rename without replacing finds that out.
        return true
    }

    private func placeCopy(_ request: TrashRequest, as name: RawPath) throws {
        try TreeRemover.remove(request.staged)
        try copier.copy(request.item, to: request.staged)
        try journal.append(JournalEntry(.trashCopied, inode: FileSystem.inode(of: request.staged)))
        CrashPoint.reached("trash-copied")
        do {
            try FileSystem.renameWithoutReplacing(request.staged, to: trash.filePath(name))
        } catch {
            try? TreeRemover.remove(request.staged)
            throw error
        }
        CrashPoint.reached("trash-placed")
        try FileSystem.retireAndRemove(request.item, retired: request.retired)
    }

    /// Finishes a placement a dead process began: the item ends in the
    /// Trash, whole, and no reservation or temporary is left behind. What
    /// is in `files/` counts as ours only by inode, never by name alone: a
    /// name whose reservation failed may belong to another program.
    func resume(_ request: TrashRequest, after entries: [JournalEntry]) throws {
        let itemIsPresent = FileSystem.inode(of: request.item) == request.inode
        guard let reservation = entries.lastIndex(where: { $0.step == .reserving }), let reserved = entries[reservation].trashName else {
            try TreeRemover.remove(request.staged)
            if itemIsPresent { try place(request) }
            return
        }
        let copiedInode = entries[reservation...].last { $0.step == .trashCopied }?.inode
        // What a replacing restore displaces waits in files/ under the name
        // the restored item had, which its placement tries first: found
        // there, it is not yet placed, and that name's info is not ours.
        let reservedPath = trash.filePath(reserved)
        let isItemItself = reservedPath == request.item
        let placedInode = isItemItself ? nil : FileSystem.inode(of: reservedPath)
        if let placedInode, placedInode == request.inode || placedInode == copiedInode {
            if itemIsPresent {
                try FileSystem.retireAndRemove(request.item, retired: request.retired)
            } else {
                try TreeRemover.remove(request.retired)
            }
            try TreeRemover.remove(request.staged)
            return
        }
        if placedInode == nil, !isItemItself, isOurs(trash.infoPath(reserved), request) {
            _ = trash.infoPath(reserved).withCString { unlink($0) }
        }
        try TreeRemover.remove(request.staged)
        if itemIsPresent { try place(request) }
    }

    private func isOurs(_ infoPath: RawPath, _ request: TrashRequest) -> Bool {
        guard let data = try? Data(contentsOf: infoPath.url) else { return false }
        // A reservation torn before its first write is empty, and ours.
        if data.isEmpty { return true }
        return TrashInfo.parse(String(decoding: data, as: UTF8.self))?.originalPath == request.originalPath
    }
}
