import Foundation
import Testing

/// The quiet period, with the built binary: a cloud package something in
/// which changed moments ago is `incomplete` in listings, and every
/// command refuses it as it refuses one with an engine's temporary. The
/// homes set `cloud.quiet-seconds` to 600 where "moments ago" must hold
/// however slow the machine, and to 1 where it is waited out; nothing
/// asserts how long anything took.
@Suite("quiet period")
struct QuietPeriodEndToEndTests {
    /// A package in the cloud whose folder was made earlier and one of whose
    /// inner files was touched just now.
    static func touchedPackage(_ sandbox: Sandbox) async throws {
        _ = try await sandbox.run("list")
        try await sandbox.shell("""
            cd home/Cloud/Documents
            mkdir -p Deck.key/Data
            printf index > Deck.key/Index.zip
            printf one > Deck.key/Data/slide-1.png
            touch Deck.key/Data/slide-2.png
            """)
    }

    /// The line with the milliseconds, which depend on the machine, as `N`.
    static func withoutMilliseconds(_ text: String) -> String {
        text.replacing(/changed \d+ ms ago/, with: "changed N ms ago")
    }

    @Test("a package touched just now is listed incomplete; move refuses it with one line and exit 5, and with --wait gives up when the period outlasts it")
    func refused() async throws {
        let sandbox = try Sandbox(quietSeconds: "600")
        try await Self.touchedPackage(sandbox)
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        let documents = try listed.jsonArray()
        #expect(documents.count == 1, "\(listed)")
        #expect(documents.first?["name"] as? String == "Deck.key")
        #expect(documents.first?["states"] as? [String] == ["incomplete"], "\(listed)")
        let table = try await sandbox.run("list")
        #expect(table.standardOutput.split(separator: "\n").filter { $0.hasPrefix("Deck.key ") && $0.hasSuffix("cloud (incomplete)") }.count == 1, "\(table)")

        let before = try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments])
        let moved = try await sandbox.run("move", "Deck.key", "--to", "local")
        #expect(moved.status == 5, "\(moved)")
        #expect(Self.withoutMilliseconds(moved.standardError) == """
            docbrowser: cloud:Deck.key: incomplete: changed N ms ago; may still be syncing; try again when it is done, wait for it with --wait, or use --force

            """, "\(moved)")
        let waited = try await sandbox.run("move", "--wait=1", "Deck.key", "--to", "local")
        #expect(waited.status == 5, "\(waited)")
        #expect(Self.withoutMilliseconds(waited.standardError).hasSuffix("""
            docbrowser: cloud:Deck.key: still incomplete after waiting 1 s: changed N ms ago; may still be syncing; wait longer (--wait=SECONDS), or use --force

            """), "\(waited)")
        let deleted = try await sandbox.run("delete", "Deck.key")
        #expect(deleted.status == 5, "\(deleted)")
        #expect(try await TreeDigest.entries(of: [sandbox.cloudDocuments, sandbox.localDocuments]) == before, "nothing changed")

        let forced = try await sandbox.run("move", "--force", "Deck.key", "--to", "local")
        #expect(forced.status == 0, "\(forced)")
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Deck.key/Data")) == ["slide-1.png", "slide-2.png"])
    }

    @Test("an empty package folder that just appeared in the cloud is listed incomplete, not a normal empty document")
    func emptyPackage() async throws {
        let sandbox = try Sandbox(quietSeconds: "600")
        _ = try await sandbox.run("list")
        try FileManager.default.createDirectory(at: sandbox.cloudDocuments.appending(path: "Deck.key"), withIntermediateDirectories: false)
        let listed = try await sandbox.run("list", "--json")
        let deck = try #require(try listed.jsonArray().first, "\(listed)")
        #expect(deck["states"] as? [String] == ["incomplete"], "\(listed)")
    }

    @Test("move --wait waits the period out and moves the package whole")
    func waitedOut() async throws {
        let sandbox = try Sandbox(quietSeconds: "1")
        try await Self.touchedPackage(sandbox)
        let moved = try await sandbox.run("move", "--wait=60", "Deck.key", "--to", "local")
        #expect(moved.status == 0, "\(moved)")
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Deck.key")) == ["Data", "Index.zip"])
        #expect(sandbox.names(in: sandbox.localDocuments.appending(path: "Deck.key/Data")) == ["slide-1.png", "slide-2.png"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.cloudDocuments.appending(path: "Deck.key").path))
    }

    @Test("a document just saved in the local Documents folder moves at once")
    func localMovesAtOnce() async throws {
        let sandbox = try Sandbox(quietSeconds: "600")
        _ = try sandbox.write("saved just now", to: "home/Documents/Notes.txt")
        let moved = try await sandbox.run("move", "Notes.txt", "--to", "cloud")
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.standardError == "", "\(moved)")
    }

    /// The states of each document `list --json` shows, by name.
    static func states(_ sandbox: Sandbox) async throws -> [String: [String]] {
        let listed = try await sandbox.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        var states: [String: [String]] = [:]
        for document in try listed.jsonArray() {
            states["\(document["location"] as? String ?? "?"):\(document["name"] as? String ?? "?")"] = document["states"] as? [String]
        }
        return states
    }

    @Test("what docbrowser itself just moved, copied, renamed or made in the cloud is complete at once; a change after it by anyone else is not")
    func ownChanges() async throws {
        let sandbox = try Sandbox(quietSeconds: "600")
        try await sandbox.shell("""
            mkdir -p home/Documents/Deck.key/Data
            printf index > home/Documents/Deck.key/Index.zip
            printf one > home/Documents/Deck.key/Data/slide-1.png
            printf notes > home/Documents/Notes.txt
            mkdir -p home/Documents/Folder/Inner.key
            printf inner > home/Documents/Folder/Inner.key/Index.zip
            printf text > home/Documents/Folder/Text.txt
            """)
        for arguments in [
            ["move", "Deck.key", "--to", "cloud"], ["move", "Notes.txt", "--to", "cloud"],
            ["rename", "cloud:Notes.txt", "Plans"], ["duplicate", "cloud:Deck.key"],
            ["new", "--folder", "Work", "--cloud"], ["new", "Draft.txt", "--cloud"], ["copy", "Folder", "--to", "cloud"],
        ] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 0 && result.standardError == "", "\(arguments): \(result)")
        }
        let made = try await Self.states(sandbox)
        #expect(made == [
            "cloud:Deck.key": ["normal"], "cloud:Deck copy.key": ["normal"], "cloud:Plans.txt": ["normal"], "cloud:Work": ["normal"], "cloud:Draft.txt": ["normal"],
            "cloud:Folder": ["normal"], "local:Folder": ["normal"],
        ], "\(made)")
        let inside = try await sandbox.run("list", "--cloud", "--recursive", "--json")
        let insideStates = try inside.jsonArray().filter { ($0["relativePath"] as? String ?? "").hasPrefix("Folder/") }.map { "\($0["relativePath"] as? String ?? ""): \(($0["states"] as? [String] ?? []).joined(separator: ","))" }
        #expect(insideStates == ["Folder/Inner.key: normal", "Folder/Text.txt: normal"], "\(inside)")
        let back = try await sandbox.run("move", "Deck.key", "--to", "local")
        #expect(back.status == 0 && back.standardError == "", "\(back)")

        // Written behind docbrowser's back, as an engine writes: held again.
        try await sandbox.shell("""
            printf two > home/Cloud/Documents/Deck\\ copy.key/Data/slide-2.png
            printf more >> home/Cloud/Documents/Plans.txt
            """)
        let changed = try await Self.states(sandbox)
        #expect(changed == [
            "local:Deck.key": ["normal"], "cloud:Deck copy.key": ["incomplete"], "cloud:Plans.txt": ["incomplete"], "cloud:Work": ["normal"], "cloud:Draft.txt": ["normal"],
            "cloud:Folder": ["normal"], "local:Folder": ["normal"],
        ], "\(changed)")
    }

    @Test("config shows the period's default, takes seconds, and refuses anything else with one line")
    func setting() async throws {
        let sandbox = try Sandbox(quietSeconds: nil)
        let shown = try await sandbox.run("config", "get", "cloud.quiet-seconds")
        #expect(shown.status == 0 && shown.standardOutput == "3\n", "\(shown)")
        #expect(try await sandbox.run("config", "set", "cloud.quiet-seconds", "0.5").status == 0)
        #expect(try await sandbox.run("config", "get", "cloud.quiet-seconds").standardOutput == "0.5\n")
        let refused = try await sandbox.run("config", "set", "cloud.quiet-seconds", "soon")
        #expect(refused.status == 6, "\(refused)")
        #expect(refused.standardError == "docbrowser: cloud.quiet-seconds: 'soon' is not valid: must be a number of seconds from 0 to 3600, such as 3 or 0.5\n", "\(refused)")
    }
}
