#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

/// The sweep for orphaned temporaries reads a folder's names only when the
/// folder changed since a sweep last found it without any.
@Suite("The sweep skips folders unchanged since they were found clean")
struct SweptDirectoriesTests {
    /// Long enough for a status to be past it after ``settle()``, short
    /// enough to wait for.
    private static let racyWindow: Int64 = 50_000_000
    private static let prefix = FileSystem.temporaryPrefix

    private func recovery(of home: TestHome) throws -> InterruptedOperations {
        let locations = try home.catalog().locations
        try FileSystem.createDirectory(RawPath(home.home.libraryDirectory))
        // Made on first use, in the Library: made now, so that the Library
        // is as settled as the other folders when it is swept.
        _ = home.home.deviceTag
        var recovery = InterruptedOperations(home: home.home, trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))), locations: locations)
        recovery.racyWindow = Self.racyWindow
        return recovery
    }

    /// Past the racy window and into another tick of the file-system
    /// clock, so that the next change shows in the folder's times.
    private func settle() {
        Thread.sleep(forTimeInterval: 0.08)
    }

    /// An abandoned temporary that keeps no journal, old enough to sweep.
    private func writeOrphan(in home: TestHome, owner: String? = nil, in location: Location = .local) throws -> String {
        let name = FileSystem.temporaryName(owner: owner)
        try home.write("half", to: name, in: location)
        var times = [timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0)]
        #expect(home.path(name, in: location).withCString { utimensat(AT_FDCWD, $0, &times, 0) } == 0)
        return name
    }

    /// The folder's status as the sweep reads it: through a descriptor,
    /// so of a linked folder's target.
    private func status(_ directory: RawPath) throws -> FileStatus {
        let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        return try FileStatus.of(descriptor: descriptor, path: directory)
    }

    private func isRecordedClean(_ directory: RawPath, by recovery: InterruptedOperations, scope: String = Self.prefix) throws -> Bool {
        SweptDirectories(contentsOf: recovery.sweptDirectoriesFile).isUnchanged(directory, status: try status(directory), scope: scope, now: Nanoseconds.now)
    }

    @Test("a folder found clean is recorded as it is; an orphan left in it later changes it, and is swept")
    func orphanAddedAfterACleanSweepIsSwept() throws {
        let home = try TestHome("swept")
        try home.write("notes", to: "Notes.txt")
        let recovery = try recovery(of: home)
        let local = home.documentsDirectory(.local)
        settle()
        _ = recovery.recover()
        #expect(try isRecordedClean(local, by: recovery))

        settle()
        let orphan = try writeOrphan(in: home)
        #expect(try !isRecordedClean(local, by: recovery))
        _ = recovery.recover()
        #expect(!home.exists(orphan))
        #expect(home.exists("Notes.txt"))
    }

    @Test("a folder whose record matches is not read: an orphan in it stays until the record goes")
    func recordedFolderIsNotRead() throws {
        let home = try TestHome("skipped")
        let recovery = try recovery(of: home)
        let local = home.documentsDirectory(.local)
        let orphan = try writeOrphan(in: home)
        // A record that claims the folder clean as it is now, orphan and all:
        // only a sweep that never reads the folder leaves the orphan.
        var forged = SweptDirectories()
        forged.recordClean(local, status: try status(local), scope: Self.prefix, now: Nanoseconds.now, racyWindow: 0)
        forged.write(to: recovery.sweptDirectoriesFile)
        _ = recovery.recover()
        #expect(home.exists(orphan))

        try FileManager.default.removeItem(atPath: recovery.sweptDirectoriesFile.description)
        _ = recovery.recover()
        #expect(!home.exists(orphan))
    }

    @Test("a status is recorded only once both its times are past the racy window, and trusted for an hour")
    func racyWindowAndAge() throws {
        let folder = RawPath("/nowhere/Documents")
        let second: Int64 = 1_000_000_000
        let now: Int64 = 1_800_000_000 * second
        func status(modified: Int64, changed: Int64) -> FileStatus {
            FileStatus(kind: .directory, size: 4096, modificationTime: modified, changeTime: changed, inode: 7, device: 9, mode: 0o40755)
        }
        for (modified, changed, recorded) in [(now - 10 * second, now - 10 * second, true), (now - 10 * second, now - second, false), (now - second, now - 10 * second, false)] {
            var record = SweptDirectories()
            let found = status(modified: modified, changed: changed)
            record.recordClean(folder, status: found, scope: Self.prefix, now: now, racyWindow: 2 * second)
            #expect(record.isUnchanged(folder, status: found, scope: Self.prefix, now: now) == recorded, "mtime \(now - modified), ctime \(now - changed) ns old")
        }
        var record = SweptDirectories()
        let found = status(modified: now - 10 * second, changed: now - 10 * second)
        record.recordClean(folder, status: found, scope: Self.prefix, now: now)
        #expect(record.isUnchanged(folder, status: found, scope: Self.prefix, now: now + SweptDirectories.maximumAge - 1))
        #expect(!record.isUnchanged(folder, status: found, scope: Self.prefix, now: now + SweptDirectories.maximumAge))
        #expect(!record.isUnchanged(folder, status: found, scope: Self.prefix, now: now - second), "a clock set back trusts nothing")
        #expect(!record.isUnchanged(folder, status: found, scope: Self.prefix + "0badc0de-", now: now), "a record of one device's temporaries says nothing of another's")
        var moved = found
        moved.changeTime += 1
        #expect(!record.isUnchanged(folder, status: moved, scope: Self.prefix, now: now))
    }

    @Test("a folder changed within the racy window, or holding a temporary still, is not recorded")
    func youngOrBusyFoldersAreNotRecorded() throws {
        let home = try TestHome("racy")
        try home.write("notes", to: "Notes.txt")
        try home.write("deck", to: "Deck.txt", in: .cloud)
        let local = home.documentsDirectory(.local)
        // Just written: a name added in the same clock tick would not show.
        var patient = try recovery(of: home)
        patient.racyWindow = 3_600 * 1_000_000_000
        _ = patient.recover()
        #expect(try !isRecordedClean(local, by: patient))

        // A write in progress: its temporary is left, and looked at again next time.
        let eager = try recovery(of: home)
        let fresh = FileSystem.temporaryName(owner: nil)
        try home.write("half", to: fresh)
        settle()
        _ = eager.recover()
        #expect(home.exists(fresh))
        #expect(try !isRecordedClean(local, by: eager))
        #expect(SweptDirectories(contentsOf: eager.sweptDirectoriesFile).holdsRecord(of: home.documentsDirectory(.cloud)))
    }

    @Test("in the shared cloud folder, another device's temporary leaves it recorded for this device; this device's own does not")
    func sharedFolderIsRecordedForThisDevice() throws {
        let home = try TestHome("shared")
        let recovery = try recovery(of: home)
        let cloud = home.documentsDirectory(.cloud)
        let tag = home.home.deviceTag
        let foreign = try writeOrphan(in: home, owner: tag == "0badc0de" ? "12345678" : "0badc0de", in: .cloud)
        settle()
        _ = recovery.recover()
        #expect(home.exists(foreign, in: .cloud))
        #expect(try isRecordedClean(cloud, by: recovery, scope: Self.prefix + tag + "-"))

        let young = FileSystem.temporaryName(owner: tag)
        try home.write("half", to: young, in: .cloud)
        settle()
        _ = recovery.recover()
        #expect(home.exists(young, in: .cloud), "a write in progress is never disturbed")
        #expect(!SweptDirectories(contentsOf: recovery.sweptDirectoriesFile).holdsRecord(of: cloud))
    }

    @Test("a Documents folder that is a symbolic link is judged by its target, which is what gains names")
    func linkedFolderIsJudgedByItsTarget() throws {
        let home = try TestHome("linked")
        let target = home.directory.url.appending(path: "Elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: target.appending(path: "Notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: home.documentsPath(.local), withDestinationPath: target.path)
        let recovery = try recovery(of: home)
        let local = home.documentsDirectory(.local)
        settle()
        _ = recovery.recover()
        #expect(try isRecordedClean(local, by: recovery))
        let linkBefore = try #require(try FileStatus.of(local))
        settle()
        let orphan = try writeOrphan(in: home)
        #expect(try FileStatus.of(local) == linkBefore, "the link itself did not change")
        _ = recovery.recover()
        #expect(!home.exists(orphan))
    }

    @Test("a torn or foreign record reads as none, and every folder is swept")
    func unreadableRecordIsEmpty() throws {
        let home = try TestHome("torn")
        let recovery = try recovery(of: home)
        for text in ["", "[{\"path\":", "{\"records\":[]}", "\u{0}\u{1}garbage"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: recovery.sweptDirectoriesFile.description))
            #expect(SweptDirectories(contentsOf: recovery.sweptDirectoriesFile) == SweptDirectories())
        }
        let orphan = try writeOrphan(in: home)
        _ = recovery.recover()
        #expect(!home.exists(orphan))
    }

    @Test("writing the record changes the Library, which is therefore swept every time and never recorded")
    func libraryIsNeverRecorded() throws {
        let home = try TestHome("library")
        try home.write("notes", to: "Notes.txt")
        let recovery = try recovery(of: home)
        settle()
        _ = recovery.recover()
        let record = SweptDirectories(contentsOf: recovery.sweptDirectoriesFile)
        #expect(try isRecordedClean(home.documentsDirectory(.local), by: recovery))
        #expect(!record.holdsRecord(of: RawPath(home.home.libraryDirectory)))
        // Nothing changed: the record is not written again.
        let written = try #require(try FileStatus.of(recovery.sweptDirectoriesFile))
        _ = recovery.recover()
        #expect(try FileStatus.of(recovery.sweptDirectoriesFile)?.inode == written.inode)
    }
}
