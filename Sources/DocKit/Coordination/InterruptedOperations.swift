#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Finishes or undoes what processes killed mid-operation left behind:
/// leftover temporaries are hidden, and cleaned up on the next run. Cheap when there is nothing to do — one directory read —
/// so every command that touches documents runs it first.
public struct InterruptedOperations: Sendable {
    /// The home whose operation journals are read.
    public let home: Home
    /// The Trash interrupted deletions and replacements were moving documents to.
    public let trash: Trash
    /// Folders where operations put temporaries: both Documents folders
    /// (and their parents' siblings are never touched).
    public let temporaryDirectories: [RawPath]
    /// Folders a sync engine shares with other devices, where only this
    /// device's temporaries (``Home/deviceTag``) are ever removed.
    let sharedDirectories: Set<RawPath>

    /// Temporaries of writes that keep no journal (configuration,
    /// placeholders) are removed only once this old, so a write in
    /// progress is never disturbed.
    static let unjournaledTemporaryAge: Int64 = 3_600 * 1_000_000_000

    /// See ``SweptDirectories/racyWindow``; shorter in tests.
    var racyWindow = SweptDirectories.racyWindow

    /// Where ``SweptDirectories`` is kept. Its own folder is swept every
    /// time: writing the record changes that folder.
    var sweptDirectoriesFile: RawPath { libraryDirectory.appending("swept-folders.json") }

    private var libraryDirectory: RawPath { RawPath(home.libraryDirectory) }

    /// Creates a recovery for a home; nothing is read until ``recover()``.
    ///
    /// - Parameters:
    ///   - home: The docbrowser home.
    ///   - trash: The Trash its operations use.
    ///   - locations: Its Documents folders, where temporaries are looked for.
    public init(home: Home, trash: Trash, locations: DocumentLocations) {
        self.home = home
        self.trash = trash
        // The Library too: the registry's index and the configuration are
        // written through temporaries beside them.
        temporaryDirectories = [
            locations.localDocuments, locations.cloudDocuments, trash.directory, RawPath(home.temporaryDirectory), RawPath(home.libraryDirectory),
        ]
        sharedDirectories = [locations.cloudDocuments]
    }

    /// One operation that was finished or undone.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        /// One line per operation, such as "move of A to B".
        public var description: String
    }

    /// What was finished or undone; operations still running, or whose
    /// documents another process holds, are left for later.
    ///
    /// - Returns: One report per operation finished or undone.
    public func recover() -> [Report] {
        var reports: [Report] = []
        let directory = OperationJournal.directory(of: home)
        let names = (try? DirectoryReader.names(in: directory)) ?? []
        var adopted: [(OperationJournal, [JournalEntry])] = []
        for name in names {
            let file = directory.appending(name)
            if name.description.hasPrefix(".staging-") {
                removeAbandonedStaging(file)
            } else if let journal = OperationJournal(adopting: file) {
                adopted.append((journal, journal.readEntries()))
            }
        }
        // An import, a restore or a copy places its items by moves with
        // journals of their own; those are settled first, so it sees where
        // each item is (a copy's temporary may hold the document a replace
        // displaced, on its way to the Trash).
        let importsLast = adopted.filter { !$0.1.movesThroughOtherJournals } + adopted.filter(\.1.movesThroughOtherJournals)
        for (journal, entries) in importsLast {
            if let report = resume(journal, entries: entries) { reports.append(report) }
        }
        let recorded = SweptDirectories(contentsOf: sweptDirectoriesFile)
        var swept = recorded
        for directory in temporaryDirectories {
            removeOrphanedTemporaries(in: directory, swept: &swept)
        }
        if swept != recorded { swept.write(to: sweptDirectoriesFile) }
        return reports
    }

    private func resume(_ journal: OperationJournal, entries: [JournalEntry]) -> Report? {
        guard let operation = entries.first?.operation else {
            journal.finish()
            return nil
        }
        let (summary, paths) = describe(operation)
        guard let lock = try? DocumentLock(paths, in: LockDirectory(home: home), holder: LockHolder(activity: "recovering an interrupted \(summary)")) else {
            return nil
        }
        defer { lock.release() }
        // The dead process's plugins may still be writing into the
        // temporaries about to be removed, and would leave what they write
        // next for good.
        // SIGKILL ends them for certain, but a process inside a write or an
        // fsync dies only once that returns, which on a loaded disk can take
        // longer than the 5 s a plugin is otherwise given; an import left
        // for later then leaves its staging folder until the next command.
        let plugins = entries.compactMap { $0.step == .launched ? $0.process : nil }
        for plugin in plugins where !plugin.stopProcessGroup(waitingAtMost: .seconds(30)) {
            Diagnostics.coordination.warning("\(journal.file): the plugin of the interrupted \(summary), \(plugin), cannot be stopped yet")
            return nil
        }
        let outcome: RecoveryOutcome
        do {
            switch operation {
            case .move:
                outcome = try JournaledMove(home: home, trash: trash).resume(journal, entries: entries)
            case .trash, .remove:
                try JournaledDeletion(home: home, trash: trash).resume(journal, entries: entries)
                outcome = .finished
            case .import:
                try JournaledImport.resume(journal, entries: entries, home: home, trash: trash)
                outcome = .finished
            case .resolution:
                outcome = try JournaledResolution(home: home, trash: trash).resume(journal, entries: entries)
            case .restore(let item, _, _, let inode):
                outcome = try TrashRestorer.resume(item: item, inode: inode)
            case .export(let temporary), .delivery(let temporary):
                // Never published: the unfinished copy goes.
                if try FileStatus.of(temporary) != nil { try TreeRemover.remove(temporary) }
                outcome = .undone
            }
        } catch {
            Diagnostics.coordination.warning("\(journal.file): cannot finish the interrupted \(summary): \(error)")
            return nil
        }
        journal.finish()
        switch outcome {
        case .finished: return Report(description: "finished an interrupted \(summary)")
        case .undone: return Report(description: "undid an interrupted \(summary); the source is as it was")
        }
    }

    private func describe(_ operation: JournalOperation) -> (String, [RawPath]) {
        switch operation {
        case .move(let source, let destination, _, _, _, _):
            ("move of \(source) to \(destination)", [source, destination])
        case .trash(let request):
            ("deletion of \(request.item) to the Trash", [request.item])
        case .remove(let item, _, _):
            ("deletion of \(item)", [item])
        case .import(let staging):
            ("import staged in \(staging)", [staging])
        case .export(let temporary):
            ("export to \(temporary)", [temporary])
        case .delivery(let temporary):
            ("copy into \(temporary.deletingLastComponent)", [temporary])
        case .resolution(let package, _, _):
            ("resolution of the conflict in \(package)", [package])
        case .restore(let item, _, let destination, _):
            ("restore of \(item) to \(destination)", [item, destination])
        }
    }

    private func removeAbandonedStaging(_ file: RawPath) {
        let descriptor = file.withCString { open($0, O_RDWR | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0, DocumentLock.isStillLinked(descriptor, as: file) {
            _ = file.withCString { unlink($0) }
        }
    }

    /// A journaled temporary (`.docbrowser-tmp-ID.ROLE`) whose journal is
    /// gone is an orphan: journals are written before their temporaries and
    /// removed after them.
    private func removeOrphanedTemporaries(in directory: RawPath, swept: inout SweptDirectories) {
        // Before the folder's status: a name added in the same clock tick
        // as the status was read must be too recent to record.
        let now = Nanoseconds.now
        let ownOnly = sharedDirectories.contains(directory) ? home.deviceTag + "-" : nil
        let scope = FileSystem.temporaryPrefix + (ownOnly ?? "")
        let isRecorded = directory != libraryDirectory
        // Only the temporaries are copied out, and only from a folder that
        // changed since it was last found without any.
        guard let found = try? DirectoryReader.status(
            of: directory, andNamesStartingWith: Array(FileSystem.temporaryPrefix.utf8),
            unless: { isRecorded && swept.isUnchanged(directory, status: $0, scope: scope, now: now) }
        ) else {
            swept.forget(directory)
            return
        }
        guard let names = found.names else { return }
        let status = found.status
        var holdsOwnTemporaries = false
        defer {
            if isRecorded, !holdsOwnTemporaries {
                swept.recordClean(directory, status: status, scope: scope, now: now, racyWindow: racyWindow)
            } else {
                swept.forget(directory)
            }
        }
        for name in names {
            let rest = name.description.dropFirst(FileSystem.temporaryPrefix.count)
            // Another device's temporary, synced here: its journal is on
            // that device, which alone may finish or undo its operation.
            if let ownOnly, !rest.hasPrefix(ownOnly) { continue }
            holdsOwnTemporaries = true
            let path = directory.appending(name)
            if let dot = rest.firstIndex(of: ".") {
                // Checked now, not from the listing above: an operation may
                // have begun since.
                let journal = OperationJournal.directory(of: home).appending(String(rest[..<dot]) + OperationJournal.fileExtension)
                if FileSystem.inode(of: journal) != nil { continue }
            } else {
                guard let status = try? FileStatus.of(path), Nanoseconds.elapsed(from: status.modificationTime, to: now) > Self.unjournaledTemporaryAge else { continue }
            }
            try? TreeRemover.remove(path)
        }
    }
}

/// What recovery did with an interrupted operation: carried it through, or
/// put everything back as it was before it began.
enum RecoveryOutcome {
    case finished
    case undone
}

private extension [JournalEntry] {
    var movesThroughOtherJournals: Bool {
        switch first?.operation {
        case .import?, .restore?, .delivery?: true
        default: false
        }
    }
}
