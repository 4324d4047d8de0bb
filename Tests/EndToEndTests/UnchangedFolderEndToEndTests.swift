import Foundation
import Testing

/// Work done, not time taken: a folder gains or loses a name only by
/// changing its times, so `list` takes the names of a Documents folder
/// whose status is as it was when they were read from the catalog,
/// instead of reading and sorting them again, and still examines every
/// entry. Counted as the reads of each folder's names, by strace.
@Suite("list reads the names of an unchanged folder from the catalog")
struct UnchangedFolderEndToEndTests {
    @Test(Strace.installed)
    func anUnchangedHomeIsListedWithoutReadingEitherFolder() async throws {
        let sandbox = try await Self.settledHome()
        let expected = try await sandbox.run("list").standardOutput
        #expect(try await sandbox.folderReads(of: ["list"], folder: sandbox.localDocuments) == 0)
        #expect(try await sandbox.folderReads(of: ["list"], folder: sandbox.cloudDocuments) == 0)
        #expect(try await sandbox.run("list").standardOutput == expected)
        // Every entry is still examined: a document written since shows
        // its new size, though no name came or went.
        try await sandbox.shell("printf 'a longer note' > '\(sandbox.localDocuments.appending(path: "Note 3.txt").path)'")
        #expect(try await sandbox.run("list", "--json").standardOutput.contains("\"size\" : 13"))
    }

    @Test(Strace.installed)
    func aNameAddedOrRemovedIsListedAtOnce() async throws {
        let sandbox = try await Self.settledHome()
        try await sandbox.shell("cd '\(sandbox.localDocuments.path)' && printf new > Added.txt && rm 'Note 1.txt'")
        // Twice: the sweep for temporaries a killed command left, and the listing.
        #expect(try await sandbox.folderReads(of: ["list"], folder: sandbox.localDocuments) == 2)
        let listing = try await sandbox.run("list").standardOutput
        #expect(listing.contains("Added.txt"))
        #expect(!listing.contains("Note 1.txt"))
    }

    /// The change time moves with the names too, and no one can set it:
    /// a sync engine that puts a folder's modification time back does not
    /// hide a name it added.
    @Test
    func aFolderWhoseModificationTimeWasPutBackIsReadAgain() async throws {
        let sandbox = try await Self.settledHome()
        let folder = sandbox.localDocuments.path
        try await sandbox.shell("""
            kept=$(stat -c %y '\(folder)') && printf new > '\(folder)/Arrived.txt' && touch -m -d "$kept" '\(folder)'
            """)
        #expect(try await sandbox.run("list").standardOutput.contains("Arrived.txt"))
    }

    /// A folder changed within the racy window (here, dated in the future)
    /// could gain a name without its times changing: its names are read
    /// each time and never recorded.
    @Test(Strace.installed)
    func aFolderChangedTooRecentlyIsReadEachTime() async throws {
        let sandbox = try await Self.settledHome()
        try await sandbox.shell("printf new > '\(sandbox.localDocuments.path)/Fresh.txt' && touch -m -d '+1 hour' '\(sandbox.localDocuments.path)'")
        // Twice each time: the sweep for temporaries, which follows the
        // same rule, and the listing.
        #expect(try await sandbox.folderReads(of: ["list"], folder: sandbox.localDocuments) == 2)
        #expect(try await sandbox.folderReads(of: ["list"], folder: sandbox.localDocuments) == 2)
    }

    /// A home of a few documents in each location, listed once to make the
    /// catalog and once more after the racy window, which records both
    /// folders' names.
    private static func settledHome() async throws -> Sandbox {
        let sandbox = try Sandbox()
        for index in 1...12 { _ = try sandbox.write("note \(index)\n", to: "home/Documents/Note \(index).txt") }
        for index in 1...5 { _ = try sandbox.write("cloud \(index)\n", to: "home/Cloud/Documents/Cloud \(index).md") }
        #expect(try await sandbox.run("list").status == 0)
        try await Task.sleep(for: .seconds(2.5))
        #expect(try await sandbox.run("list").status == 0)
        return sandbox
    }
}
