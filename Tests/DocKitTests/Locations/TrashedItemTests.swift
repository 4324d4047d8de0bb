@testable import DocKit
import Foundation
import Testing

/// The Trash is written by every program the user runs: its reader lists
/// what is whole, in a fixed order, and passes over anything else.
@Suite("Trash.items, restore and empty")
struct TrashedItemTests {
    let directory: TemporaryDirectory
    let trash: Trash

    init() throws {
        directory = try TemporaryDirectory("trash")
        trash = Trash(directory: RawPath(directory.url.appending(path: "Trash").path))
        try trash.create()
    }

    func put(_ name: String, contents: String = "x", path: String? = nil, date: String = "2026-11-23T10:00:00", folder: Bool = false) throws {
        let item = URL(fileURLWithPath: trash.filePath(RawPath(name)).description)
        if folder {
            try FileManager.default.createDirectory(at: item.appending(path: "inner"), withIntermediateDirectories: true)
            try contents.write(to: item.appending(path: "inner/file"), atomically: false, encoding: .utf8)
        } else {
            try contents.write(to: item, atomically: false, encoding: .utf8)
        }
        let original = path ?? directory.url.appending(path: "Documents/\(name)").path
        try "[Trash Info]\nPath=\(TrashInfo.percentEncoded(RawPath(original)))\nDeletionDate=\(date)\n"
            .write(toFile: trash.infoPath(RawPath(name)).description, atomically: false, encoding: .utf8)
    }

    @Test("items come newest first, then by name, with folders measured")
    func order() throws {
        try put("b.txt", contents: "bb", date: "2026-11-23T10:00:00")
        try put("a.txt", contents: "a", date: "2026-11-23T10:00:00")
        try put("Folder", contents: "four", date: "2026-11-24T09:00:00", folder: true)
        let items = try trash.items()
        #expect(items.map(\.name.description) == ["Folder", "a.txt", "b.txt"])
        #expect(items.map(\.size) == [4, 1, 2])
        #expect(items.map(\.status.kind) == [.directory, .regular, .regular])
    }

    @Test("an info without its item, a link, an oversized or unreadable info, and stray names are passed over")
    func hostileEntries() throws {
        try put("whole.txt")
        let info = URL(fileURLWithPath: trash.infoDirectory.description)
        try "[Trash Info]\nPath=/a/reserved.txt\nDeletionDate=2026-11-23T10:00:00\n".write(to: info.appending(path: "reserved.txt.trashinfo"), atomically: false, encoding: .utf8)
        try put("linked.txt")
        try FileManager.default.removeItem(at: info.appending(path: "linked.txt.trashinfo"))
        try FileManager.default.createSymbolicLink(at: info.appending(path: "linked.txt.trashinfo"), withDestinationURL: info.appending(path: "whole.txt.trashinfo"))
        try put("huge.txt")
        try Data(repeating: 0x41, count: Trash.largestInfo + 1).write(to: info.appending(path: "huge.txt.trashinfo"))
        try put("garbled.txt")
        try "Path=\nDeletionDate=never\n".write(to: info.appending(path: "garbled.txt.trashinfo"), atomically: false, encoding: .utf8)
        try "".write(to: info.appending(path: ".trashinfo"), atomically: false, encoding: .utf8)
        try "".write(to: info.appending(path: "notes"), atomically: false, encoding: .utf8)
        #expect(try trash.items().map(\.name.description) == ["whole.txt"])
        #expect(try trash.item(named: RawPath("..")) == nil)
        #expect(try trash.item(named: RawPath("a/b")) == nil)
    }

    @Test("a missing Trash is empty")
    func missing() throws {
        #expect(try Trash(directory: RawPath(directory.url.appending(path: "none").path)).items().isEmpty)
    }

    @Test("a restore takes 'Name 2.ext' when asked, drops the info and the directorysizes line, and leaves others")
    func restoreRenames() throws {
        let home = Home(url: directory.url.appending(path: "home"))
        let documents = try directory.directory("Documents")
        try "taken".write(to: documents.appending(path: "Plan"), atomically: false, encoding: .utf8)
        try put("Plan", folder: true)
        try "10 1700000000 Plan\n20 1700000000 Other%20one\n".write(toFile: trash.directory.appending("directorysizes").description, atomically: false, encoding: .utf8)
        let item = try #require(try trash.item(named: RawPath("Plan")))
        let restorer = TrashRestorer(home: home, trash: trash)
        #expect(throws: DocKitError(MoveError.destinationTaken(documents.appending(path: "Plan").path))) { try restorer.restore(item) }
        let result = try restorer.restore(item, onConflict: .rename)
        #expect(result.destination.description == documents.appending(path: "Plan 2").path)
        #expect(FileManager.default.fileExists(atPath: documents.appending(path: "Plan 2/inner/file").path))
        #expect(try trash.items().isEmpty)
        #expect(try String(contentsOfFile: trash.directory.appending("directorysizes").description, encoding: .utf8) == "20 1700000000 Other%20one\n")
        #expect(throws: DocKitError(MoveError.vanished(item.info.originalPath.description))) { try restorer.restore(item) }
    }

    @Test("emptying keeps what is newer than the cutoff")
    func emptyOlder() throws {
        try put("old.txt", date: "2020-01-01T00:00:00")
        try put("new.txt", date: "2099-01-01T00:00:00")
        let removed = try TrashEmptier(trash: trash).empty(trashedBefore: Date())
        #expect(removed.map(\.name.description) == ["old.txt"])
        #expect(try trash.items().map(\.name.description) == ["new.txt"])
        #expect(FileManager.default.fileExists(atPath: trash.infoPath(RawPath("old.txt")).description) == false)
        #expect(try TrashEmptier(trash: trash).empty().map(\.name.description) == ["new.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.filesDirectory.description).isEmpty)
    }
}
