import Foundation
import Testing

/// Conflicts made by real Syncthing (issue 15), in the serialized suite of
/// the two-device tests: one pair of instances at a time.
extension SyncFolderEndToEndTests {
    /// Lists `device` until `name` has `state`, or a minute passes.
    static func waitForState(_ device: Sandbox, _ name: String, _ state: String) async throws -> [String] {
        var states: [String] = []
        for _ in 0..<120 {
            let listed = try await device.run("list", "--cloud", "--json")
            states = try listed.jsonArray().first { $0["name"] as? String == name }?["states"] as? [String] ?? []
            if states.contains(state) { return states }
            try await Task.sleep(for: .milliseconds(500))
        }
        return states
    }

    @Test("an edit on both devices while apart becomes a conflict, files and packages alike; both see it, and resolving on B clears it on both")
    func conflictAcrossDevices() async throws {
        let pair = try await SyncthingPair.start()
        _ = try await pair.a.run("list")
        _ = try await pair.b.run("list")
        try await pair.a.shell("""
            mkdir -p home/Cloud/Documents/Deck.key/Index
            printf original > home/Cloud/Documents/Notes.txt
            printf 'original index' > home/Cloud/Documents/Deck.key/Index/Document.iwa
            printf 'untouched slide' > home/Cloud/Documents/Deck.key/slide.png
            """)
        try await pair.waitUntilInSync()

        try await pair.disconnect()
        try await pair.a.shell("printf 'from A' > home/Cloud/Documents/Notes.txt && printf 'index from A' > home/Cloud/Documents/Deck.key/Index/Document.iwa")
        try await Task.sleep(for: .milliseconds(1100))
        try await pair.b.shell("printf 'from B, later' > home/Cloud/Documents/Notes.txt && printf 'index from B' > home/Cloud/Documents/Deck.key/Index/Document.iwa")
        try await pair.scan("A")
        try await pair.scan("B")
        try await pair.reconnect()
        try await pair.waitUntilInSync()

        for (device, label) in [(pair.a, "A"), (pair.b, "B")] {
            #expect(try await Self.waitForState(device, "Notes.txt", "inConflict") == ["inConflict"], "\(label): Notes.txt")
            #expect(try await Self.waitForState(device, "Deck.key", "inConflict") == ["inConflict"], "\(label): Deck.key")
            let notes = try await device.run("versions", "Notes.txt", "--json").json()
            let conflicts = notes["conflicts"] as? [[String: Any]] ?? []
            #expect(conflicts.count == 1 && conflicts.first?["engine"] as? String == "syncthing", "\(label): \(notes)")
            let deck = try await device.run("versions", "Deck.key", "--json").json()
            let files = (deck["conflicts"] as? [[String: Any]])?.first?["files"] as? [[String: Any]]
            #expect(files?.map { $0["original"] as? String } == ["Index/Document.iwa"], "\(label): \(deck)")
        }
        let all = [pair.a.cloudDocuments, pair.b.cloudDocuments]
        let everyEdit = ["from A", "from B, later", "index from A", "index from B"]
        for edit in everyEdit { #expect(ResolveEndToEndTests.allContents(all).contains(edit), "'\(edit)' was lost in the conflict") }

        let newest = try await pair.b.run("resolve", "Notes.txt", "--keep", "newest")
        #expect(newest.status == 0, "\(newest)")
        let current = try await pair.b.run("resolve", "Deck.key", "--keep", "current")
        #expect(current.status == 0, "\(current)")
        try await pair.waitUntilInSync()
        for (device, label) in [(pair.a, "A"), (pair.b, "B")] {
            #expect(try await Self.waitForState(device, "Notes.txt", "normal") == ["normal"], "\(label): Notes.txt")
            #expect(try await Self.waitForState(device, "Deck.key", "normal") == ["normal"], "\(label): Deck.key")
            #expect(device.names(in: device.cloudDocuments) == ["Deck.key", "Notes.txt"], "\(label): no conflict copy is left")
            #expect(ResolveEndToEndTests.allContents([device.cloudDocuments.appending(path: "Deck.key")]).count == 2, "\(label): no copy inside the package")
            #expect(try String(contentsOf: device.cloudDocuments.appending(path: "Notes.txt"), encoding: .utf8) == "from B, later", "\(label)")
            #expect(try String(contentsOf: device.cloudDocuments.appending(path: "Deck.key/slide.png"), encoding: .utf8) == "untouched slide", "\(label)")
        }
        // What resolving set aside is in B's Trash, whole.
        let trash = ResolveEndToEndTests.allContents([pair.b.userHome.appending(path: ".local/share/Trash/files")])
        let kept = ResolveEndToEndTests.allContents([pair.b.cloudDocuments])
        for edit in everyEdit { #expect(trash.contains(edit) || kept.contains(edit), "'\(edit)' is neither kept nor in B's Trash") }
    }
}
