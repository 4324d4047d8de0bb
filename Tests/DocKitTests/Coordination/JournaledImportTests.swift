@testable import DocKit
import Foundation
import Testing

/// What recovery makes of an import whose process died, at each stage the
/// journal can record. The dead process is played by dropping the
/// transaction without finishing it: its journal stays, unlocked.
@Suite("Recovering an interrupted import")
struct JournaledImportTests {
    private func expectNothingLeft(_ home: TestHome) {
        #expect(names(home, "tmp").isEmpty, "staging left")
        #expect(names(home, "Library/Journal").isEmpty, "journal left")
    }

    private func stage(_ names: [String], in home: TestHome) throws -> (JournaledImport, [ImportPlacement]) {
        let transaction = try JournaledImport(home: home.home, trash: home.trash)
        let documents = RawPath(home.directory.url.appending(path: "Documents"))
        try FileSystem.createDirectory(documents)
        let placements = try names.map { name in
            let staged = transaction.staging.appending(name)
            try Data(name.utf8).write(to: URL(fileURLWithPath: staged.description))
            return ImportPlacement(staged: staged, stagedInode: try #require(FileSystem.inode(of: staged)),
                                   destination: documents.appending(name), replace: false)
        }
        return (transaction, placements)
    }

    private func names(_ home: TestHome, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.directory.url.appending(path: folder).path)) ?? []).sorted()
    }

    @Test func beforeTheCommitTheStagingFolderGoesAndNothingAppears() async throws {
        let home = try TestHome()
        _ = try stage(["A.txt", "B.txt"], in: home)
        #expect(names(home, "tmp").count == 1)
        #expect(try await home.recoverOnceUnlocked().count == 1)
        #expect(names(home, "Documents").isEmpty)
        expectNothingLeft(home)
    }

    @Test func afterTheCommitEveryItemIsPlacedEvenUnderATakenName() async throws {
        let home = try TestHome()
        do {
            let (transaction, placements) = try stage(["A.txt", "B.txt"], in: home)
            try transaction.journal.append(JournalEntry(.committed, placements: placements))
            // The first was placed before the crash; someone took B.txt since.
            try FileSystem.renameWithoutReplacing(placements[0].staged, to: placements[0].destination)
            _ = try home.write("someone else's", to: "B.txt")
        }
        #expect(try await home.recoverOnceUnlocked().count == 1)
        #expect(names(home, "Documents") == ["A.txt", "B 2.txt", "B.txt"])
        #expect(try String(contentsOfFile: home.documentsPath(.local) + "/B 2.txt", encoding: .utf8) == "B.txt")
        #expect(try String(contentsOfFile: home.documentsPath(.local) + "/B.txt", encoding: .utf8) == "someone else's")
        expectNothingLeft(home)
    }

    @Test func anAbandonedImportTakesBackWhatItPlacedAndNothingElse() async throws {
        let home = try TestHome()
        do {
            let (transaction, placements) = try stage(["A.txt", "B.txt"], in: home)
            try transaction.journal.append(JournalEntry(.committed, placements: placements))
            try FileSystem.renameWithoutReplacing(placements[0].staged, to: placements[0].destination)
            try transaction.journal.append(JournalEntry(.placed, inode: FileSystem.inode(of: placements[0].destination), index: 0))
            try transaction.journal.append(JournalEntry(.abandoned))
        }
        #expect(try await home.recoverOnceUnlocked().count == 1)
        #expect(names(home, "Documents").isEmpty)
        expectNothingLeft(home)
    }

    @Test func aLiveImportIsLeftAlone() throws {
        let home = try TestHome()
        let (transaction, placements) = try stage(["A.txt"], in: home)
        try transaction.journal.append(JournalEntry(.committed, placements: placements))
        // Another process's recovery: the journal's lock is held here.
        let catalog = try home.catalog()
        #expect(InterruptedOperations(home: home.home, trash: home.trash, locations: catalog.locations).recover().isEmpty)
        #expect(names(home, "tmp").count == 1)
        withExtendedLifetime(transaction) {}
    }
}
