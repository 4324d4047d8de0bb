import Foundation
import Testing

/// `resolve`: one version kept, the others in the Trash, for files and
/// packages, and nothing lost to a kill -9 at any step.
@Suite("resolve")
struct ResolveEndToEndTests {
    static let contents = ["current", "theirs", "nextcloud", "index", "their index", "preview", "their preview"]

    static func conflicted(_ sandbox: Sandbox) async throws {
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            cd home/Documents
            printf current > Notes.txt
            printf nextcloud > 'Notes (conflicted copy 2026-11-01 101010).txt'
            printf theirs > Notes.sync-conflict-20261122-120303-AAAAAAA.txt
            touch -d '2026-11-01 10:00' 'Notes (conflicted copy 2026-11-01 101010).txt'
            touch -d '2026-11-02 10:00' Notes.sync-conflict-20261122-120303-AAAAAAA.txt
            mkdir -p Deck.key/Index
            printf index > Deck.key/Index/Document.iwa
            printf 'their index' > Deck.key/Index/Document.sync-conflict-20261122-120303-AAAAAAA.iwa
            printf preview > Deck.key/preview.jpg
            printf 'their preview' > Deck.key/preview.sync-conflict-20261122-120303-AAAAAAA.jpg
            """)
    }

    /// Every regular file's content under `directories`, hidden ones too.
    static func allContents(_ directories: [URL]) -> [String] {
        var found: [String] = []
        for directory in directories {
            guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                if let text = try? String(contentsOf: url, encoding: .utf8) { found.append(text) }
            }
        }
        return found
    }

    static func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    static func trashFiles(_ sandbox: Sandbox) -> URL { sandbox.userHome.appending(path: ".local/share/Trash/files") }

    @Test("--keep N replaces the file with that version and sends the current one and the others to the Trash")
    func keepVersion() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let resolved = try await sandbox.run("resolve", "Notes.txt", "--keep", "2")
        #expect(resolved.status == 0, "\(resolved)")
        #expect(Self.text(sandbox.localDocuments.appending(path: "Notes.txt")) == "theirs")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Deck.key", "Notes.txt"])
        #expect(Self.allContents([Self.trashFiles(sandbox)]).sorted() == ["current", "nextcloud"])
        let listed = try await sandbox.run("list", "--json").jsonArray()
        #expect(listed.first { $0["name"] as? String == "Notes.txt" }?["states"] as? [String] == ["normal"])
        #expect(try await sandbox.run("versions", "Notes.txt", "--json").json()["resolved"] as? Bool == true)
        let again = try await sandbox.run("resolve", "Notes.txt", "--keep", "current")
        #expect(again.status == 0 && again.standardError.contains("not in conflict; nothing to do"), "\(again)")
    }

    @Test("--keep current, --keep newest, and --dry-run")
    func keepCurrentAndNewest() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let rehearsed = try await sandbox.run("resolve", "Notes.txt", "--keep", "newest", "--dry-run", "--json")
        #expect(rehearsed.status == 0, "\(rehearsed)")
        #expect((try rehearsed.json()["kept"] as? [String: Any])?["isCurrent"] as? Bool == true, "the current file was written last: \(rehearsed)")
        #expect(sandbox.names(in: sandbox.localDocuments).count == 4, "a rehearsal changes nothing")
        let kept = try await sandbox.run("resolve", "Notes.txt", "--keep", "current")
        #expect(kept.status == 0, "\(kept)")
        #expect(Self.text(sandbox.localDocuments.appending(path: "Notes.txt")) == "current")
        #expect(Self.allContents([Self.trashFiles(sandbox)]).sorted() == ["nextcloud", "theirs"])
    }

    @Test("a package takes every file of the version kept, or none: never a mix")
    func packageWhole() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let resolved = try await sandbox.run("resolve", "Deck.key", "--keep", "1")
        #expect(resolved.status == 0, "\(resolved)")
        let deck = sandbox.localDocuments.appending(path: "Deck.key")
        #expect(Self.text(deck.appending(path: "Index/Document.iwa")) == "their index")
        #expect(Self.text(deck.appending(path: "preview.jpg")) == "their preview")
        #expect(Self.allContents([deck]).sorted() == ["their index", "their preview"], "no copy is left inside")
        #expect(Self.allContents([Self.trashFiles(sandbox)]).sorted() == ["index", "preview", "their index", "their preview"], "the package as it was, whole, in the Trash")
    }

    @Test("--keep all makes each version a document of its own, a package's built whole")
    func keepAll() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        #expect(try await sandbox.run("resolve", "Notes.txt", "--keep", "all").status == 0)
        #expect(try await sandbox.run("resolve", "Deck.key", "--keep", "all").status == 0)
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Deck (version 2).key", "Deck.key", "Notes (version 2).txt", "Notes (version 3).txt", "Notes.txt"])
        #expect(Self.text(sandbox.localDocuments.appending(path: "Notes (version 3).txt")) == "theirs")
        #expect(Self.allContents([sandbox.localDocuments.appending(path: "Deck (version 2).key")]).sorted() == ["their index", "their preview"])
        #expect(Self.allContents([sandbox.localDocuments.appending(path: "Deck.key")]).sorted() == ["index", "preview"])
        let states = try await sandbox.run("list", "--json").jsonArray().compactMap { $0["states"] as? [String] }
        #expect(states.allSatisfy { $0 == ["normal"] })
    }

    @Test("rclone's two sides: no current version to keep, but either side, or both")
    func onlySides() async throws {
        let sandbox = try Sandbox()
        _ = try await sandbox.run("list")
        try await sandbox.shell("cd home/Documents && printf one > Plan.md..path1 && printf two > Plan.md..path2")
        let current = try await sandbox.run("resolve", "Plan.md", "--keep", "current")
        #expect(current.status == 6 && current.standardError.contains("no current version"), "\(current)")
        let missing = try await sandbox.run("resolve", "Plan.md", "--keep", "7")
        #expect(missing.status == 3 && missing.standardError.contains("no version 7"), "\(missing)")
        let resolved = try await sandbox.run("resolve", "Plan.md", "--keep", "2")
        #expect(resolved.status == 0, "\(resolved)")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Plan.md"])
        #expect(Self.text(sandbox.localDocuments.appending(path: "Plan.md")) == "two")
        #expect(Self.allContents([Self.trashFiles(sandbox)]) == ["one"])
    }

    @Test("resolve refuses a document an engine is still writing")
    func refusesIncomplete() async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        try await sandbox.shell("printf half > home/Documents/.syncthing.Notes.txt.tmp")
        let refused = try await sandbox.run("resolve", "Notes.txt", "--keep", "1")
        #expect(refused.status == 5 && refused.standardError.contains("incomplete"), "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments).count == 5)
    }

    @Test("kill -9 at every step: every version whole somewhere, then the next command finishes or undoes, and a package is never mixed", arguments: [
        "journaled", "copied", "exchanged", "trash-reserved", "trash-copied", "trash-placed", "delivery-copied",
    ])
    func killed(at point: String) async throws {
        let sandbox = try Sandbox()
        try await Self.conflicted(sandbox)
        let deck = sandbox.localDocuments.appending(path: "Deck.key")
        let places = [sandbox.localDocuments, Self.trashFiles(sandbox)]
        for arguments in [["resolve", "Notes.txt", "--keep", "2"], ["resolve", "Deck.key", "--keep", "1"], ["resolve", "Deck.key", "--keep", "all"]] {
            let killed = try await sandbox.run(arguments, environment: ["DOCBROWSER_TEST_CRASH_AT": point])
            #expect(killed.status == 137 || killed.status == 0, "\(arguments) at \(point): \(killed)")
            let before = Self.allContents(places)
            for content in Self.contents { #expect(before.contains(content), "\(arguments) at \(point): '\(content)' is whole nowhere") }

            let next = try await sandbox.run("list", "--json")
            #expect(next.status == 0, "\(next)")
            let after = Self.allContents(places)
            for content in Self.contents { #expect(after.contains(content), "\(arguments) at \(point), recovered: '\(content)' is lost") }
            let hidden = (sandbox.names(in: sandbox.localDocuments) + sandbox.names(in: sandbox.home.appending(path: "Library/Journal"))).filter { $0.hasPrefix(".docbrowser-tmp-") || $0.hasSuffix(".journal") }
            #expect(hidden.isEmpty, "\(arguments) at \(point): \(hidden)")
            let inside = Self.allContents([deck]).sorted()
            #expect(inside == ["index", "preview", "their index", "their preview"] || inside == ["their index", "their preview"] || inside == ["index", "preview"],
                    "\(arguments) at \(point): the package is a mix: \(inside)")
        }
    }
}
