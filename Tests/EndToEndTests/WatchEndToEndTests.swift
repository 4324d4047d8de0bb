import Foundation
import Testing

/// `watch`: the documents, then every change, from docbrowser's own
/// commands and from anything writing behind its back.
@Suite("watch")
struct WatchEndToEndTests {
    private func summaries(_ events: [[String: Any]]) -> [String] { events.map(WatchProcess.summary) }

    @Test("docbrowser's own commands: new, rename, move, delete, and resolve clearing a conflict")
    func ownCommands() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("printf old > home/Documents/Kept.txt")
        let watch = try await WatchProcess.start(sandbox)
        #expect(summaries(watch.events) == ["present Kept.txt normal", "gathered"])
        var seen = watch.events.count

        #expect(try await sandbox.run("new", "Notes.txt").status == 0)
        var events = try await watch.waitFor("the new document", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["added Notes.txt normal"])
        seen += events.count

        #expect(try await sandbox.run("rename", "Notes.txt", "Letters").status == 0)
        events = try await watch.waitFor("the rename", after: seen) { !$0.isEmpty }
        // On a loaded machine the rename can settle while the command still
        // holds the document's lock, fsyncing.
        #expect(["renamed Letters.txt normal", "renamed Letters.txt locked"].contains(summaries(events).joined()), "\(summaries(events))")
        #expect((events.first?["previousListing"] as? [String: Any])?["name"] as? String == "Notes.txt")
        seen += events.count

        #expect(try await sandbox.run("move", "Letters.txt", "--to", "cloud").status == 0)
        // Within one file system, a move is a rename from one location to the other.
        events = try await watch.waitFor("the move", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["renamed Letters.txt normal"])
        #expect((events.first?["listing"] as? [String: Any])?["location"] as? String == "cloud")
        #expect((events.first?["previousListing"] as? [String: Any])?["location"] as? String == "local")
        seen += events.count

        try await sandbox.shell("printf theirs > home/Documents/Kept.sync-conflict-20261122-120303-AAAAAAA.txt")
        events = try await watch.waitFor("the conflict", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["stateChanged Kept.txt inConflict"])
        seen += events.count
        #expect(try await sandbox.run("resolve", "Kept.txt", "--keep", "current").status == 0)
        events = try await watch.waitFor("the resolution", after: seen) { $0.contains { WatchProcess.summary($0) == "stateChanged Kept.txt normal" } }
        #expect(summaries(events).contains("stateChanged Kept.txt normal"), "\(summaries(events))")
        seen += events.count

        #expect(try await sandbox.run("delete", "Letters.txt").status == 0)
        events = try await watch.waitFor("the deletion", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["removed Letters.txt normal"])
        #expect(try await watch.stop("INT") == 0)
    }

    @Test("files written behind docbrowser's back: a burst of 1,000 files into a package is one event, and 1,000 documents are 1,000 events, none missed")
    func behindItsBack() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        let watch = try await WatchProcess.start(sandbox)
        var seen = watch.events.count
        try await sandbox.shell("""
            mkdir -p stage/Deck.key/Data
            for i in $(seq 1 1000); do printf "$i" > stage/Deck.key/Data/slide-$i.png; done
            cp -r stage/Deck.key home/Documents/
            """)
        let wholeSize = (1...1000).map { String($0).utf8.count }.reduce(0, +)
        func size(_ event: [String: Any]) -> Int? { (event["listing"] as? [String: Any])?["size"] as? Int }
        var events = try await watch.waitFor("the whole package", after: seen) { $0.contains { size($0) == wholeSize } }
        #expect(summaries(events).first == "added Deck.key normal", "\(summaries(events))")
        // One event, unless a loaded machine paused the copy for longer than
        // the settling time; never one per file.
        #expect(events.count <= 3 && summaries(events).allSatisfy { $0.hasSuffix(" Deck.key normal") }, "\(summaries(events))")
        #expect(events.last.flatMap(size) == wholeSize, "reported once complete")
        seen += events.count

        try await sandbox.shell("mkdir -p burst && for i in $(seq 1 1000); do printf x > burst/note-$i.txt; done && mv burst/* home/Documents/")
        events = try await watch.waitFor("1,000 documents", after: seen) { events in
            events.filter { (($0["listing"] as? [String: Any])?["name"] as? String)?.hasPrefix("note-") == true }.count >= 1000
        }
        let notes = events.filter { (($0["listing"] as? [String: Any])?["name"] as? String)?.hasPrefix("note-") == true }
        #expect(Set(notes.compactMap { ($0["listing"] as? [String: Any])?["name"] as? String }).count == 1000)
        #expect(notes.allSatisfy { $0["event"] as? String == "added" })
        seen += events.count

        // A sync engine's delivery: its temporary, then the rename over the name.
        try await sandbox.shell("printf half > home/Documents/.syncthing.Film.mov.tmp")
        events = try await watch.waitFor("the arrival", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["added Film.mov incomplete"])
        seen += events.count
        try await sandbox.shell("printf whole > home/Documents/.syncthing.Film.mov.tmp && mv home/Documents/.syncthing.Film.mov.tmp home/Documents/Film.mov")
        events = try await watch.waitFor("the completion", after: seen) { $0.contains { WatchProcess.summary($0) == "stateChanged Film.mov normal" } }
        #expect(Set(summaries(events)) == ["changed Film.mov normal", "stateChanged Film.mov normal"], "the arrival completes the same document")
        #expect(try await watch.stop("TERM") == 0)
    }

    @Test("the Documents folder removed and made again: watching goes on")
    func documentsRecreated() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("printf a > home/Documents/Before.txt")
        let watch = try await WatchProcess.start(sandbox, ["--local"])
        var seen = watch.events.count
        try await sandbox.shell("rm -rf home/Documents")
        var events = try await watch.waitFor("the removal", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["removed Before.txt normal"])
        seen += events.count
        try await sandbox.shell("mkdir home/Documents && printf b > home/Documents/After.txt")
        events = try await watch.waitFor("the new folder's document", after: seen) { !$0.isEmpty }
        #expect(summaries(events) == ["added After.txt normal"])
        #expect(try await watch.stop("INT") == 0)
    }
}
