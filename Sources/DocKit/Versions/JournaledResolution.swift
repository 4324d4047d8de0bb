#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Resolves a package's conflict as one step that a crash cannot split:
/// the version kept is built whole beside the package, from a copy of it,
/// and exchanged with it in one rename, so that readers see the package as
/// it was or as resolved, never a mix of files no device wrote. The
/// package as it was, every version inside it, goes to the Trash.
struct JournaledResolution {
    let home: Home
    let trash: Trash
    var copier = TreeCopier()

    /// `version` gives the files inside whose copies take their place;
    /// nil keeps the current files. Every other copy inside is left out.
    /// Returns the old package's name in the Trash.
    func resolve(_ package: RawPath, keeping version: DocumentVersion?) throws -> RawPath {
        try rebuild(package) { try Self.keep(version, in: $0) }
    }

    /// The package made whole again from the files Syncthing's versioning
    /// kept of it (`SyncthingVersions`), each put at its path inside
    /// where the package has nothing: what is left in place is newer.
    /// Returns the old package's name in the Trash.
    func restore(_ package: RawPath, filling files: [RawPath: RawPath]) throws -> RawPath {
        try rebuild(package) { staged in
            for (original, kept) in files.sorted(by: { $0.key < $1.key }) where try FileStatus.of(staged.appending(original)) == nil {
                var folder = staged
                for name in original.deletingLastComponent.components {
                    folder = folder.appending(name)
                    try FileSystem.createDirectory(folder)
                }
                try copier.copy(kept, to: staged.appending(original))
            }
            try FileSystem.synchronizeDirectory(staged)
        }
    }

    /// `edit` makes the private copy what the package is to become.
    private func rebuild(_ package: RawPath, _ edit: (RawPath) throws -> Void) throws -> RawPath {
        guard let packageInode = FileSystem.inode(of: package) else {
            throw DocKitError(FileSystemError(path: package, operation: "does not exist", errno: ENOENT))
        }
        let identifier = OperationJournal.newIdentifier(for: home)
        let staged = OperationJournal.temporary(beside: package, identifier: identifier, role: "resolved")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .resolution(package: package, staged: staged, packageInode: packageInode))
        CrashPoint.reached("journaled")
        do {
            try copier.copyVerified(package, to: staged)
            try edit(staged)
            try FileSystem.synchronizeDirectory(package.deletingLastComponent)
            try journal.append(JournalEntry(.copied, inode: FileSystem.inode(of: staged)))
        } catch {
            try? journal.append(JournalEntry(.abandoned))
            try? TreeRemover.remove(staged)
            journal.finish()
            throw error
        }
        CrashPoint.reached("copied")
        try FileSystem.exchange(staged, package)
        try FileSystem.synchronizeDirectory(package.deletingLastComponent)
        CrashPoint.reached("exchanged")
        let name = try TrashPlacement(trash: trash, journal: journal, copier: copier).place(
            TrashRequest(item: staged, originalPath: package, inode: packageInode, trash: trash, identifier: identifier, role: "displaced"))
        journal.finish()
        return name
    }

    /// A version of the package as a package of its own at `destination`,
    /// built whole at a journaled temporary and renamed into place, never
    /// replacing anything; the package itself is only read.
    func separate(_ package: RawPath, keeping version: DocumentVersion, at destination: RawPath) throws {
        let identifier = OperationJournal.newIdentifier(for: home)
        let temporary = OperationJournal.temporary(beside: destination, identifier: identifier, role: "delivery")
        let journal = try OperationJournal(home: home, identifier: identifier, begin: .delivery(temporary: temporary))
        defer { journal.finish() }
        do {
            try copier.copy(package, to: temporary)
            try Self.keep(version, in: temporary)
            CrashPoint.reached("delivery-copied")
            try FileSystem.renameWithoutReplacing(temporary, to: destination)
            try FileSystem.synchronizeDirectory(destination.deletingLastComponent)
        } catch {
            if FileSystem.inode(of: temporary) != nil { try? TreeRemover.remove(temporary) }
            throw error
        }
    }

    /// In the private copy: the kept version's copies take their files'
    /// names, and every other conflict copy goes.
    private static func keep(_ version: DocumentVersion?, in staged: RawPath) throws {
        for file in version?.files ?? [] {
            let copy = staged.appending(file.copy), original = staged.appending(file.original)
            guard copy.withCString({ from in original.withCString { rename(from, $0) } }) == 0 else {
                throw DocKitError(FileSystemError(path: copy, operation: "cannot take the place of \(file.original)", errno: errno))
            }
        }
        for copy in try PackageContents.walk(staged).conflictCopies {
            try TreeRemover.remove(staged.appending(copy))
        }
        try FileSystem.synchronizeDirectory(staged)
    }

    /// Before the copy is whole, the resolution is undone; once it is, and
    /// exchanged, the old package reaches the Trash.
    func resume(_ journal: OperationJournal, entries: [JournalEntry]) throws -> RecoveryOutcome {
        guard case .resolution(let package, let staged, let packageInode)? = entries.first?.operation else { return .finished }
        let placement = TrashPlacement(trash: trash, journal: journal, copier: copier)
        let trashEntries = Array(entries.drop { $0.step != .trashBegin })
        if let request = trashEntries.first?.trash {
            try placement.resume(request, after: trashEntries)
            return .finished
        }
        let copiedInode = entries.last { $0.step == .copied }?.inode
        if entries.contains(where: { $0.step == .abandoned }) || copiedInode == nil || FileSystem.inode(of: package) != copiedInode {
            if let inode = FileSystem.inode(of: staged), inode != packageInode { try TreeRemover.remove(staged) }
            return .undone
        }
        if FileSystem.inode(of: staged) == packageInode {
            try placement.place(TrashRequest(item: staged, originalPath: package, inode: packageInode, trash: trash, identifier: journal.identifier, role: "displaced"))
        }
        return .finished
    }
}
