@testable import DocKit
import Testing

/// Every engine's form of a conflict copy's name, with the names users
/// give: dots, spaces, no extension, compound extensions, non-ASCII.
@Suite("ConflictCopy names")
struct ConflictCopyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var copy: String
        var original: String
        var engine: ConflictCopy.Engine
        var device: String?
        var testDescription: String { copy }
    }

    @Test("each engine's copy names its original, its engine and its device", arguments: [
        Case(copy: "Notes.sync-conflict-20261122-120303-JZLXCF2.txt", original: "Notes.txt", engine: .syncthing, device: "JZLXCF2"),
        Case(copy: "Document.sync-conflict-20261122-120303-JZLXCF2.iwa", original: "Document.iwa", engine: .syncthing, device: "JZLXCF2"),
        Case(copy: "Makefile.sync-conflict-20261122-120303-JZLXCF2", original: "Makefile", engine: .syncthing, device: "JZLXCF2"),
        Case(copy: "Data.tar.sync-conflict-20261122-120303-ABCDEF7.gz", original: "Data.tar.gz", engine: .syncthing, device: "ABCDEF7"),
        Case(copy: "Q3 report v2.sync-conflict-20261122-120303-JZLXCF2.pdf", original: "Q3 report v2.pdf", engine: .syncthing, device: "JZLXCF2"),
        Case(copy: "Épreuve 日本.sync-conflict-20261122-120303-JZLXCF2.md", original: "Épreuve 日本.md", engine: .syncthing, device: "JZLXCF2"),
        Case(copy: "Name (conflicted copy 2026-11-01 101010).ext", original: "Name.ext", engine: .nextcloud, device: nil),
        Case(copy: "Name (conflicted copy alice 2026-11-01 101010).ext", original: "Name.ext", engine: .nextcloud, device: "alice"),
        Case(copy: "Data.tar (conflicted copy 2026-11-01 101010).gz", original: "Data.tar.gz", engine: .nextcloud, device: nil),
        Case(copy: "README (conflicted copy 2026-11-01 101010)", original: "README", engine: .nextcloud, device: nil),
        Case(copy: "Name (Conflict 2026-11-01 101010).ext", original: "Name.ext", engine: .owncloud, device: nil),
        Case(copy: "Name (Conflict from bob 2026-11-01 101010).ext", original: "Name.ext", engine: .owncloud, device: "bob"),
        Case(copy: "Name_conflict-20261101-101010.ext", original: "Name.ext", engine: .owncloud, device: nil),
        Case(copy: "Name (Someone's conflicted copy 2026-11-01).ext", original: "Name.ext", engine: .dropbox, device: "Someone"),
        Case(copy: "Name (Someone's conflicted copy 2026-11-01 (1)).ext", original: "Name.ext", engine: .dropbox, device: "Someone"),
        Case(copy: "Holiday (1) (Jo Smith\u{2019}s conflicted copy 2026-11-01).jpeg", original: "Holiday (1).jpeg", engine: .dropbox, device: "Jo Smith"),
        Case(copy: "Name (Selective Sync Conflict).ext", original: "Name.ext", engine: .dropbox, device: nil),
        Case(copy: "Name (Case Conflict 2).ext", original: "Name.ext", engine: .dropbox, device: nil),
        Case(copy: "Notes.txt..path1", original: "Notes.txt", engine: .rclone, device: "path1"),
        Case(copy: "v1.2.notes..path2", original: "v1.2.notes", engine: .rclone, device: "path2"),
        Case(copy: "Notes.conflict1.txt", original: "Notes.txt", engine: .rclone, device: "path1"),
        Case(copy: "Notes.txt.conflict2", original: "Notes.txt", engine: .rclone, device: "path2"),
    ])
    func parsed(_ example: Case) throws {
        let copy = try #require(ConflictCopy(RawPath(escaped: example.copy)))
        #expect(copy.original.description == example.original)
        #expect(copy.engine == example.engine)
        #expect(copy.device == example.device)
    }

    @Test("names that only look like conflicts are documents", arguments: [
        "Notes.txt", "sync-conflict.txt", "Notes.sync-conflict-2026-120303-JZLXCF2.txt", "Notes.sync-conflict-20261122-120303-.txt",
        "Minutes (conflicted copy).txt", "Minutes (conflicted copy 2026-11-01).txt", "Plan (Conflict).txt",
        "Report (draft).txt", "Report ('s conflicted copy 2026-11-01).txt", "Name (Someone's conflicted copy 2026-11-01)x.ext",
        "Name_conflict-2026.ext", "Notes.txt..path", "Notes..pathA", "Notes.conflict.txt", "Notes.conflicts1.txt",
        ".sync-conflict-20261122-120303-JZLXCF2", "..path1",
    ])
    func notConflicts(_ name: String) {
        #expect(ConflictCopy(RawPath(escaped: name)) == nil)
    }

    @Test("copies of one conflict inside a package share their marker")
    func markers() throws {
        let index = try #require(ConflictCopy(RawPath(escaped: "Document.sync-conflict-20261122-120303-JZLXCF2.iwa")))
        let image = try #require(ConflictCopy(RawPath(escaped: "slide-1.sync-conflict-20261122-120303-JZLXCF2.png")))
        let later = try #require(ConflictCopy(RawPath(escaped: "slide-1.sync-conflict-20261122-130000-JZLXCF2.png")))
        #expect(index.marker == image.marker)
        #expect(index.marker != later.marker)
    }
}
