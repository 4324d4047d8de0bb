@testable import DocKit
import Foundation
import Testing

/// The library's side of `watch`: an AsyncSequence of changes.
@Suite("DocumentCatalog.changes")
struct DocumentChangesTests {
    @Test("gathers first, then reports a burst as one batch once it is over")
    func gatheredThenChanged() async throws {
        let home = try TestHome("changes")
        try home.write("a", to: "A.txt")
        let catalog = try home.catalog()
        // The two changes below are one burst only if the test's thread
        // is never held between them for as long as the settle time: on a
        // loaded machine 200 ms was once not enough.
        var iterator = catalog.changes(in: [.local], settle: .seconds(1)).makeAsyncIterator()
        guard case .gathered(let documents)? = try await iterator.next() else { Issue.record("no snapshot first"); return }
        #expect(documents.map(\.name) == ["A.txt"])
        try home.write("b", to: "B.txt")
        try FileManager.default.removeItem(at: home.url("A.txt"))
        guard case .changed(let changes)? = try await iterator.next() else { Issue.record("no changes"); return }
        #expect(changes.map { "\($0.kind.rawValue) \($0.document.name)" } == ["removed A.txt", "added B.txt"])
    }

    @Test("a placeholder downloaded, and an engine's temporary become whole, are state changes of one document")
    func sameDocument() throws {
        let home = try TestHome("changes")
        try home.write("half", to: ".syncthing.Film.mov.tmp")
        let catalog = try home.catalog()
        let before = Dictionary(uniqueKeysWithValues: try catalog.documents(matching: DocumentQuery()).map { (DocumentKey($0), $0) })
        try FileManager.default.moveItem(at: home.url(".syncthing.Film.mov.tmp"), to: home.url("Film.mov"))
        let after = Dictionary(uniqueKeysWithValues: try catalog.documents(matching: DocumentQuery()).map { (DocumentKey($0), $0) })
        let changes = DocumentChange.between(before, after, renames: [])
        #expect(changes.map(\.kind) == [.stateChanged])
        #expect(changes.first?.previous?.states == [.incomplete])
        #expect(changes.first?.document.states == [])
    }

    /// No event marks the end of a quiet period: the watch looks again
    /// once it has passed. The period is two seconds so that the listing
    /// after the write almost always comes within it; when a loaded
    /// machine makes it come later, the document is added complete and
    /// there is no end to see.
    @Test("a cloud document incomplete only by its quiet period is reported complete once the period is over", .timeLimit(.minutes(1)))
    func quietPeriodEnds() async throws {
        let home = try TestHome("changes-quiet", quietSeconds: "2")
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: home.documentsPath(.cloud)), withIntermediateDirectories: true)
        let catalog = try home.catalog()
        var iterator = catalog.changes(in: [.cloud], settle: .milliseconds(200)).makeAsyncIterator()
        guard case .gathered(let documents)? = try await iterator.next() else { Issue.record("no snapshot first"); return }
        #expect(documents.isEmpty)
        try home.write("text", to: "Notes.txt", in: .cloud)
        guard case .changed(let added)? = try await iterator.next() else { Issue.record("no changes"); return }
        #expect(added.map { "\($0.kind.rawValue) \($0.document.name)" } == ["added Notes.txt"])
        guard added.first?.document.states == [.incomplete] else {
            print("note: Notes.txt was listed after its quiet period had passed")
            return
        }
        guard case .changed(let quiet)? = try await iterator.next() else { Issue.record("no change once quiet"); return }
        #expect(quiet.map(\.kind) == [.stateChanged])
        #expect(quiet.first?.previous?.states == [.incomplete])
        #expect(quiet.first?.document.states == [])
    }
}
