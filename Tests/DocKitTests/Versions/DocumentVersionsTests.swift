@testable import DocKit
import Foundation
import Testing

@Suite("DocumentVersions")
struct DocumentVersionsTests {
    private func setDate(_ url: URL, _ seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
    }

    @Test("a document's copies are its conflict versions, numbered oldest first by their own time; the document is in conflict and the copies are not listed")
    func fileVersions() throws {
        let home = try TestHome("versions")
        try home.write("current", to: "Notes.txt")
        // The Syncthing copy's name says 2026, but it was written first.
        try setDate(try home.write("older", to: "Notes.sync-conflict-20261122-120303-JZLXCF2.txt"), 1_000)
        try setDate(try home.write("newer", to: "Notes (Jo's conflicted copy 2020-01-01).txt"), 2_000)
        try home.write("other", to: "Other.txt")
        let catalog = try home.catalog()
        let listed = try catalog.documents(matching: DocumentQuery())
        #expect(listed.map(\.name) == ["Notes.txt", "Other.txt"])
        #expect(listed.map(\.states) == [[.inConflict], []])
        let versions = try DocumentVersions.of(try catalog.resolve("Notes.txt"))
        #expect(versions.current?.path == home.path("Notes.txt"))
        #expect(versions.unresolvedConflicts.map(\.number) == [1, 2])
        #expect(versions.unresolvedConflicts.map(\.engine) == [.syncthing, .dropbox])
        #expect(versions.unresolvedConflicts.map(\.device) == ["JZLXCF2", "Jo"])
        #expect(versions.unresolvedConflicts.map(\.size) == [5, 5])
        #expect(!versions.isResolved)
        #expect(try DocumentVersions.of(try catalog.resolve("Other.txt")).isResolved)
    }

    @Test("copies inside a package: one version per conflict, each with the files it has other content for")
    func packageVersions() throws {
        let home = try TestHome("versions")
        try home.write("index", to: "Deck.key/Index/Document.iwa")
        try home.write("theirs", to: "Deck.key/Index/Document.sync-conflict-20261122-120303-JZLXCF2.iwa")
        try home.write("slide", to: "Deck.key/Data/slide.png")
        try home.write("their slide", to: "Deck.key/Data/slide.sync-conflict-20261122-120303-JZLXCF2.png")
        try home.write("a third", to: "Deck.key/Data/slide.sync-conflict-20261123-090000-QQQQQQQ.png")
        let catalog = try home.catalog()
        let deck = try catalog.resolve("Deck.key")
        #expect(deck.states == [.inConflict])
        let versions = try DocumentVersions.of(deck)
        #expect(versions.unresolvedConflicts.count == 2)
        let first = try #require(versions.unresolvedConflicts.first { $0.device == "JZLXCF2" })
        #expect(first.files.map(\.original.description) == ["Data/slide.png", "Index/Document.iwa"])
        #expect(first.files.map(\.copy.description) == ["Data/slide.sync-conflict-20261122-120303-JZLXCF2.png", "Index/Document.sync-conflict-20261122-120303-JZLXCF2.iwa"])
        #expect(first.size == Int64("theirs".utf8.count + "their slide".utf8.count))
        let second = try #require(versions.unresolvedConflicts.first { $0.device == "QQQQQQQ" })
        #expect(second.files.map(\.original.description) == ["Data/slide.png"])
    }

    @Test("when the engine left only its copies (rclone bisync), they are listed as the document, in conflict, with no current version")
    func onlyCopies() throws {
        let home = try TestHome("versions")
        try home.write("one side", to: "Plan.md..path1")
        try home.write("other side", to: "Plan.md..path2")
        let catalog = try home.catalog()
        let listed = try catalog.documents(matching: DocumentQuery())
        #expect(listed.map(\.name) == ["Plan.md"])
        #expect(listed.first?.states == [.inConflict])
        #expect(listed.first?.type == "net.daringfireball.markdown")
        let versions = try DocumentVersions.of(try catalog.resolve("Plan.md"))
        #expect(versions.current == nil)
        #expect(versions.unresolvedConflicts.map(\.name).sorted() == ["Plan.md..path1", "Plan.md..path2"])
    }

    @Test("once the copies are gone, the next listing shows the document as normal")
    func resolvedByHand() throws {
        let home = try TestHome("versions")
        try home.write("current", to: "Notes.txt")
        let copy = try home.write("theirs", to: "Notes.txt.conflict1")
        let catalog = try home.catalog()
        #expect(try catalog.resolve("Notes.txt").states == [.inConflict])
        try FileManager.default.removeItem(at: copy)
        #expect(try catalog.resolve("Notes.txt").states == [])
    }
}
