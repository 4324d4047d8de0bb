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
    private func recovery(of home: TestHome, racyWindow: Int64) throws -> InterruptedOperations {
        let locations = try home.catalog().locations
        try FileSystem.createDirectory(RawPath(home.home.libraryDirectory))
        var recovery = InterruptedOperations(home: home.home, trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))), locations: locations)
        recovery.racyWindow = racyWindow
        return recovery
    }

    /// An abandoned temporary that keeps no journal, old enough to sweep.
    private func writeOrphan(in home: TestHome) throws -> String {
        let name = FileSystem.temporaryName(owner: nil)
        try home.write("half", to: name)
        var times = [timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0)]
        #expect(home.path(name).withCString { utimensat(AT_FDCWD, $0, &times, 0) } == 0)
        return name
    }

    private func status(_ directory: RawPath) throws -> FileStatus {
        try #require(try FileStatus.ofTarget(directory))
    }

    @Test("a folder found clean is recorded as it is; an orphan left in it later changes it, and is swept")
    func orphanAddedAfterACleanSweepIsSwept() throws {
        let home = try TestHome("swept")
        try home.write("notes", to: "Notes.txt")
        let recovery = try recovery(of: home, racyWindow: 0)
        let local = home.documentsDirectory(.local)
        _ = recovery.recover()
        #expect(SweptDirectories(contentsOf: recovery.sweptDirectoriesFile).isUnchanged(local, status: try status(local)))

        let orphan = try writeOrphan(in: home)
        #expect(!SweptDirectories(contentsOf: recovery.sweptDirectoriesFile).isUnchanged(local, status: try status(local)))
        _ = recovery.recover()
        #expect(!home.exists(orphan))
        #expect(home.exists("Notes.txt"))
    }

    @Test("a folder whose record matches is not read: an orphan in it stays until the record goes")
    func recordedFolderIsNotRead() throws {
        let home = try TestHome("skipped")
        let recovery = try recovery(of: home, racyWindow: 0)
        let local = home.documentsDirectory(.local)
        let orphan = try writeOrphan(in: home)
        // A record that claims the folder clean as it is now, orphan and all:
        // only a sweep that never reads the folder leaves the orphan.
        var forged = SweptDirectories()
        forged.recordClean(local, status: try status(local), now: .max)
        forged.write(to: recovery.sweptDirectoriesFile)
        _ = recovery.recover()
        #expect(home.exists(orphan))

        try FileManager.default.removeItem(atPath: recovery.sweptDirectoriesFile.description)
        _ = recovery.recover()
        #expect(!home.exists(orphan))
    }

    @Test("a folder changed within the racy window, or holding a temporary still, is not recorded")
    func youngOrBusyFoldersAreNotRecorded() throws {
        let home = try TestHome("racy")
        try home.write("notes", to: "Notes.txt")
        try home.write("deck", to: "Deck.txt", in: .cloud)
        let local = home.documentsDirectory(.local)
        // Just written: a name added in the same clock tick would not show.
        let patient = try recovery(of: home, racyWindow: 3_600 * 1_000_000_000)
        _ = patient.recover()
        #expect(!SweptDirectories(contentsOf: patient.sweptDirectoriesFile).isUnchanged(local, status: try status(local)))

        // A write in progress: its temporary is left, and looked at again next time.
        let eager = try recovery(of: home, racyWindow: 0)
        let fresh = FileSystem.temporaryName(owner: nil)
        try home.write("half", to: fresh)
        _ = eager.recover()
        #expect(home.exists(fresh))
        #expect(!SweptDirectories(contentsOf: eager.sweptDirectoriesFile).isUnchanged(local, status: try status(local)))
        #expect(SweptDirectories(contentsOf: eager.sweptDirectoriesFile).isUnchanged(
            home.documentsDirectory(.cloud), status: try status(home.documentsDirectory(.cloud))
        ))
    }

    @Test("a Documents folder that is a symbolic link is judged by its target, which is what gains names")
    func linkedFolderIsJudgedByItsTarget() throws {
        let home = try TestHome("linked")
        let target = home.directory.url.appending(path: "Elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: target.appending(path: "Notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: home.documentsPath(.local), withDestinationPath: target.path)
        let recovery = try recovery(of: home, racyWindow: 0)
        _ = recovery.recover()
        let local = home.documentsDirectory(.local)
        #expect(SweptDirectories(contentsOf: recovery.sweptDirectoriesFile).isUnchanged(local, status: try status(local)))
        let linkBefore = try #require(try FileStatus.of(local))
        let orphan = try writeOrphan(in: home)
        #expect(try FileStatus.of(local) == linkBefore, "the link itself did not change")
        _ = recovery.recover()
        #expect(!home.exists(orphan))
    }

    @Test("a torn or foreign record reads as none, and every folder is swept")
    func unreadableRecordIsEmpty() throws {
        let home = try TestHome("torn")
        let recovery = try recovery(of: home, racyWindow: 0)
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
        let recovery = try recovery(of: home, racyWindow: 0)
        _ = recovery.recover()
        let library = RawPath(home.home.libraryDirectory)
        let record = SweptDirectories(contentsOf: recovery.sweptDirectoriesFile)
        #expect(record.isUnchanged(home.documentsDirectory(.local), status: try status(home.documentsDirectory(.local))))
        #expect(!record.isUnchanged(library, status: try status(library)))
        // Nothing changed: the record is not written again.
        let written = try status(recovery.sweptDirectoriesFile)
        _ = recovery.recover()
        #expect(try status(recovery.sweptDirectoriesFile).inode == written.inode)
    }
}
