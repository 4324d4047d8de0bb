import Foundation
import Testing

/// Conflict copies as the engines name them, made on one device (the
/// two-device tests make them with real Syncthing): grouped with their
/// document as its versions.
@Suite("conflict versions on one device")
struct ConflictVersionsEndToEndTests {
    /// Notes.txt with a copy from each engine, a package with copies
    /// inside, and a document rclone left only as its two sides.
    static func conflicted(_ sandbox: Sandbox) async throws {
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            cd home/Documents
            printf current > Notes.txt
            printf syncthing > Notes.sync-conflict-20261122-120303-JZLXCF2.txt
            printf nextcloud > 'Notes (conflicted copy 2026-11-01 101010).txt'
            printf owncloud > 'Notes (Conflict 2026-11-01 101010).txt'
            printf dropbox > "Notes (Jo's conflicted copy 2026-11-01).txt"
            printf rclone > Notes.conflict1.txt
            mkdir -p Deck.key/Index
            printf index > Deck.key/Index/Document.iwa
            printf theirs > Deck.key/Index/Document.sync-conflict-20261122-120303-JZLXCF2.iwa
            printf 'side one' > Plan.md..path1
            printf 'side two' > Plan.md..path2
            printf whole > Whole.txt
            """)
    }

    @Test("list shows each document once, in conflict, and the copies only as its versions")
    func listed() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        var states: [String: [String]] = [:]
        for document in try listed.jsonArray() { states[document["name"] as? String ?? "?"] = document["states"] as? [String] }
        #expect(states == ["Notes.txt": ["inConflict"], "Deck.key": ["inConflict"], "Plan.md": ["inConflict"], "Whole.txt": ["normal"]])

        let nested = try await sandbox.run("list", "--versions")
        let lines = nested.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("↳") }.count == 5 + 1 + 2, "\(nested)")
        let notes = try #require(lines.firstIndex { $0.hasPrefix("Notes.txt") })
        #expect(lines[notes + 1].contains("↳ 1:"), "\(nested)")

        let json = try await sandbox.run("list", "--versions", "--json")
        let deck = try #require(try json.jsonArray().first { $0["name"] as? String == "Deck.key" })
        let versions = try #require(deck["conflicts"] as? [[String: Any]])
        #expect(versions.count == 1)
        #expect((versions.first?["files"] as? [[String: Any]])?.first?["original"] as? String == "Index/Document.iwa")
    }

    @Test("versions names every copy's engine and device, and info shows the same")
    func versions() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let result = try await sandbox.run("versions", "Notes.txt", "--json")
        #expect(result.status == 0, "\(result)")
        let report = try result.json()
        #expect(report["resolved"] as? Bool == false)
        #expect((report["current"] as? [String: Any])?["name"] as? String == "Notes.txt")
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        var engines: [String: String] = [:]
        for conflict in conflicts { engines[conflict["name"] as? String ?? "?"] = "\(conflict["engine"] ?? "-") \(conflict["device"] ?? "-")" }
        #expect(engines == [
            "Notes.sync-conflict-20261122-120303-JZLXCF2.txt": "syncthing JZLXCF2",
            "Notes (conflicted copy 2026-11-01 101010).txt": "nextcloud -",
            "Notes (Conflict 2026-11-01 101010).txt": "owncloud -",
            "Notes (Jo's conflicted copy 2026-11-01).txt": "dropbox Jo",
            "Notes.conflict1.txt": "rclone path1",
        ])
        #expect(conflicts.map { $0["number"] as? Int } == [1, 2, 3, 4, 5])

        let text = try await sandbox.run("versions", "Notes.txt")
        #expect(text.standardOutput.contains("current  Notes.txt"), "\(text)")
        let info = try await sandbox.run("info", "Notes.txt")
        #expect(info.standardOutput.contains("versions:     5 in conflict"), "\(info)")
        #expect(info.standardOutput.contains("Notes.sync-conflict-20261122-120303-JZLXCF2.txt"), "\(info)")
        let infoJSON = try await sandbox.run("info", "Notes.txt", "--json").json()
        #expect(((infoJSON["versions"] as? [String: Any])?["conflicts"] as? [Any])?.count == 5)
    }

    @Test("rclone's two sides without the original: listed under the original's name, both as versions, no current one")
    func onlySides() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let report = try await sandbox.run("versions", "Plan.md", "--json").json()
        #expect(report["current"] == nil)
        #expect((report["conflicts"] as? [[String: Any]])?.compactMap { $0["device"] as? String }.sorted() == ["path1", "path2"])
        let text = try await sandbox.run("versions", "Plan.md")
        #expect(text.standardOutput.contains("the engine left only its copies"), "\(text)")
    }

    @Test("a document without conflicts has only its current version")
    func none() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let result = try await sandbox.run("versions", "Whole.txt")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("local:Whole.txt has no conflict versions"), "\(result)")
        #expect(try await sandbox.run("versions", "Whole.txt", "--json").json()["resolved"] as? Bool == true)
        #expect(try await sandbox.run("versions", "Missing.txt").status == 3)
    }
}

extension ConflictVersionsEndToEndTests {
    @Test("move, rename and delete refuse a document whose versions lie beside it, which they would leave behind; a package's travel inside it", arguments: [
        ["move", "Notes.txt", "--to", "cloud"], ["rename", "Notes.txt", "Letters"], ["delete", "Notes.txt"],
    ])
    func refusedWhileInConflict(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let before = sandbox.names(in: sandbox.localDocuments)
        let refused = try await sandbox.run(arguments)
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains("local:Notes.txt: in conflict") && refused.standardError.contains("5 conflict versions behind"), "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments) == before)
        let forced = try await sandbox.run(arguments + ["--force"])
        #expect(forced.status == 0, "\(forced)")
        let package = try await sandbox.run("move", "Deck.key", "--to", "cloud")
        #expect(package.status == 0, "\(package)")
        #expect(sandbox.names(in: sandbox.cloudDocuments.appending(path: "Deck.key/Index")).count == 2, "the copy inside went with it")
    }
}
