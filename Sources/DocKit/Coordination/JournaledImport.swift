#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Turns staged items into documents all together or not at all, the way a
/// database commits a transaction. The journal is written before the
/// staging folder exists; until `committed` a crash leaves only the
/// staging folder, which recovery removes. From `committed` on, recovery
/// finishes the placements; a live failure after that takes back the
/// items already placed (`abandoned`, then `placed` entries say which).
struct JournaledImport {
    let home: Home
    let trash: Trash
    let journal: OperationJournal
    /// `<home>/tmp/.docbrowser-tmp-ID.import`, named after the journal so
    /// that an orphan is traced to it.
    let staging: RawPath

    init(home: Home, trash: Trash) throws {
        self.home = home
        self.trash = trash
        let identifier = OperationJournal.newIdentifier(for: home)
        let temporary = RawPath(home.temporaryDirectory)
        try FileSystem.createDirectory(temporary, mode: 0o700)
        staging = Self.staging(in: temporary, identifier: identifier)
        journal = try OperationJournal(home: home, identifier: identifier, begin: .import(staging: staging))
        do {
            try FileSystem.createNewDirectory(staging, mode: 0o700)
        } catch {
            journal.finish()
            throw error
        }
    }

    static func staging(in temporary: RawPath, identifier: String) -> RawPath {
        temporary.appending("\(FileSystem.temporaryPrefix)\(identifier).import")
    }

    /// Places every item, replacements last so that a failure before them
    /// leaves the Trash untouched. Throws after taking back what it placed.
    /// Returns the Trash names of replaced documents, by destination.
    ///
    /// More items than the process has descriptors to lock at once are
    /// placed `batchSize` at a time, each batch under the lock `lockBatch`
    /// takes (and checks its names under): the journal still holds them all,
    /// so a failure in a later batch takes back the earlier ones.
    func commit(_ placements: [ImportPlacement], move: JournaledMove, batchSize: Int = .max,
                lockingEach lockBatch: (ArraySlice<ImportPlacement>) throws -> DocumentLock? = { _ in nil }) throws -> [RawPath: RawPath] {
        let ordered = placements.filter { !$0.replace } + placements.filter(\.replace)
        try journal.append(JournalEntry(.committed, placements: ordered))
        CrashPoint.reached("import-committed")
        var placed: [ImportPlacement] = []
        var displaced: [RawPath: RawPath] = [:]
        do {
            for start in stride(from: 0, to: ordered.count, by: max(1, batchSize)) {
                let batch = ordered[start..<min(start + max(1, batchSize), ordered.count)]
                let lock = try lockBatch(batch)
                defer { lock?.release() }
                for (index, placement) in zip(batch.indices, batch) {
                    let outcome = try move.move(placement.staged, to: placement.destination, replace: placement.replace)
                    try journal.append(JournalEntry(.placed, inode: FileSystem.inode(of: placement.destination), index: index))
                    placed.append(placement)
                    displaced[placement.destination] = outcome.displacedTrashName
                    CrashPoint.reached("import-placed")
                }
            }
        } catch {
            try? journal.append(JournalEntry(.abandoned))
            for placement in placed where !placement.replace {
                try? FileSystem.retireAndRemove(placement.destination, retired: retired(placement.destination))
            }
            abandon()
            throw error
        }
        try? TreeRemover.remove(staging)
        journal.finish()
        return displaced
    }

    /// Nothing was placed: the staging folder and the journal go.
    func abandon() {
        try? TreeRemover.remove(staging)
        journal.finish()
    }

    private func retired(_ destination: RawPath) -> RawPath {
        OperationJournal.temporary(beside: destination, identifier: journal.identifier, role: "retired")
    }

    /// What a dead importer left: before `committed`, the staging folder is
    /// removed; after it, the remaining items are placed (under a free
    /// "Name 2" if their name was taken since, never over something the
    /// import did not mean to replace); after `abandoned`, the items it
    /// placed are taken back.
    static func resume(_ journal: OperationJournal, entries: [JournalEntry], home: Home, trash: Trash) throws {
        guard case .import(let staging)? = entries.first?.operation else { return }
        let resumed = JournaledImport(home: home, trash: trash, journal: journal, staging: staging)
        if let placements = entries.first(where: { $0.step == .committed })?.placements {
            if entries.contains(where: { $0.step == .abandoned }) {
                for entry in entries where entry.step == .placed {
                    guard let index = entry.index, placements.indices.contains(index), let inode = entry.inode else { continue }
                    let destination = placements[index].destination
                    if !placements[index].replace, FileSystem.inode(of: destination) == inode {
                        try FileSystem.retireAndRemove(destination, retired: resumed.retired(destination))
                    }
                }
            } else {
                let move = JournaledMove(home: home, trash: trash)
                for placement in placements where FileSystem.inode(of: placement.staged) == placement.stagedInode {
                    var destination = placement.destination
                    var number = 1
                    while !placement.replace, FileSystem.inode(of: destination) != nil {
                        number += 1
                        destination = placement.destination.deletingLastComponent.appending(Trash.candidateName(for: placement.destination, attempt: number))
                    }
                    _ = try move.move(placement.staged, to: destination, replace: placement.replace)
                }
            }
        }
        try TreeRemover.remove(staging)
    }

    private init(home: Home, trash: Trash, journal: OperationJournal, staging: RawPath) {
        self.home = home
        self.trash = trash
        self.journal = journal
        self.staging = staging
    }
}
