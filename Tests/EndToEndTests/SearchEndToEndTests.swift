import Foundation
import Testing

/// `search` against the built binary: each predicate, the operators, the
/// ranking, the snippet, the error line, the failure said once, and the
/// index kept fresh between commands.
@Suite("search")
struct SearchEndToEndTests {
    /// A few documents of each kind the predicates tell apart, with known
    /// dates and sizes.
    static func documents() async throws -> Sandbox {
        let sandbox = try Sandbox()
        _ = try sandbox.write("Minutes.\nWe agreed the budget for next year.\nThe budget is tight.", to: "home/Documents/Minutes.txt")
        _ = try sandbox.write("# Budget\n\nTravel and hotels.", to: "home/Documents/Budget.md")
        _ = try sandbox.write("<html><body><p>Quarterly report: the hotel bill</p></body></html>", to: "home/Documents/Report.html")
        _ = try sandbox.write("An old letter about a budget.", to: "home/Cloud/Documents/Letter.txt")
        _ = try sandbox.write("mine", to: "home/Cloud/Documents/Plan.txt")
        _ = try sandbox.write("theirs", to: "home/Cloud/Documents/Plan.sync-conflict-20261122-120303-JZLXCF2.txt")
        try await sandbox.shell("touch -d 2025-06-01T12:00:00Z home/Cloud/Documents/Letter.txt && convert -size 100x100 xc:gray +noise Random home/Documents/Photo.png")
        #expect(try await sandbox.run("tag", "Budget.md", "+red").status == 0)
        return sandbox
    }

    static func search(_ sandbox: Sandbox, _ arguments: String...) async throws -> String {
        let result = try await sandbox.run(["search"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result)")
        return result.standardOutput
    }

    static func names(_ sandbox: Sandbox, _ query: String) async throws -> [String] {
        try await search(sandbox, query).split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.split(separator: " ")[0]) }
    }

    @Test func wordsAreRankedNameFirstWithASnippet() async throws {
        let sandbox = try await Self.documents()
        #expect(try await Self.search(sandbox, "budget") == """
            local:Budget.md  Markdown text
                [Budget]  Travel and hotels.
            local:Minutes.txt  plain text
                Minutes. We agreed the [budget] for next year. The [budget] is tight.
            cloud:Letter.txt  plain text
                An old letter about a [budget].

            """)
    }

    @Test func eachPredicateFilters() async throws {
        let sandbox = try await Self.documents()
        #expect(try await Self.names(sandbox, "kind:public.image") == ["local:Photo.png"])
        #expect(try await Self.names(sandbox, "kind:public.text") == ["local:Budget.md", "cloud:Letter.txt", "local:Minutes.txt", "cloud:Plan.txt", "local:Report.html"])
        #expect(try await Self.names(sandbox, "name:*.md") == ["local:Budget.md"])
        #expect(try await Self.names(sandbox, "modified:<2026-01-01") == ["cloud:Letter.txt"])
        #expect(try await Self.names(sandbox, "modified:<7d location:cloud") == ["cloud:Plan.txt"])
        #expect(try await Self.names(sandbox, "size:>1KB") == ["local:Photo.png"])
        #expect(try await Self.names(sandbox, "state:inConflict") == ["cloud:Plan.txt"])
        #expect(try await Self.names(sandbox, "location:cloud") == ["cloud:Letter.txt", "cloud:Plan.txt"])
        #expect(try await Self.names(sandbox, "tag:red") == ["local:Budget.md"])
    }

    @Test func operatorsCombine() async throws {
        let sandbox = try await Self.documents()
        #expect(try await Self.names(sandbox, "budget location:local") == ["local:Budget.md", "local:Minutes.txt"])
        #expect(try await Self.names(sandbox, "budget AND NOT name:*.md") == ["local:Minutes.txt", "cloud:Letter.txt"])
        #expect(try await Self.names(sandbox, "hotel OR kind:public.image") == ["local:Report.html", "local:Photo.png"])
        #expect(try await Self.names(sandbox, "(hotels OR hotel) NOT budget") == ["local:Report.html"])
        #expect(try await Self.names(sandbox, "\"quarterly report\"") == ["local:Report.html"])
        #expect(try await Self.search(sandbox, "nothing-like-this") == "")
    }

    @Test func aBadQueryIsOneLineWithItsColumnAndStatus2() async throws {
        let sandbox = try await Self.documents()
        let result = try await sandbox.run("search", "budget (kind:public.text OR hotel")
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.standardError == "docbrowser: search: column 34: expected ')' to close the '(' at column 8\n")
        let json = try await sandbox.run("search", "size:>lots", "--json")
        #expect(json.status == 2, "\(json)")
        #expect(json.standardError == #"{"event":"error","exitStatus":2,"kind":"invalidInput","message":"search: column 7: expected a size such as 10MB, 1.5GB or 512KiB, found 'lots'"}"# + "\n")
    }

    @Test func theIndexFollowsChangesAndDeletions() async throws {
        let sandbox = try await Self.documents()
        #expect(try await Self.names(sandbox, "hotels") == ["local:Budget.md"])
        _ = try sandbox.write("Hotels, hotels everywhere.", to: "home/Documents/Minutes.txt")
        try FileManager.default.removeItem(at: sandbox.localDocuments.appending(path: "Budget.md"))
        #expect(try await Self.names(sandbox, "hotels") == ["local:Minutes.txt"])
        #expect(try await Self.names(sandbox, "budget") == ["cloud:Letter.txt"])
        // Never needed, and gives the same answer.
        let rebuilt = try await Self.search(sandbox, "hotels", "--rebuild")
        #expect(try await Self.search(sandbox, "hotels") == rebuilt)
    }

    @Test func anUnreadableDocumentIsFoundByNameAndSaidOnce() async throws {
        let sandbox = try await Self.documents()
        try Data([0x62, 0x61, 0x64, 0x00, 0xFF, 0x00]).write(to: sandbox.localDocuments.appending(path: "Broken.txt"))
        let first = try await sandbox.run("search", "broken")
        #expect(first.standardOutput == "local:Broken.txt  plain text\n")
        #expect(first.standardError == "docbrowser: local:Broken.txt: its text could not be read (it is not text in any encoding docbrowser reads); it is found by its name only\n")
        let second = try await sandbox.run("search", "broken")
        #expect(second.standardOutput == first.standardOutput)
        #expect(second.standardError == "")
    }

    @Test func limitAndLocationNarrow() async throws {
        let sandbox = try await Self.documents()
        #expect(try await Self.names(sandbox, "budget").count == 3)
        let limited = try await sandbox.run("search", "budget", "--limit", "1", "--cloud")
        #expect(limited.standardOutput == "cloud:Letter.txt  plain text\n    An old letter about a [budget].\n", "\(limited)")
    }

    @Test func jsonCarriesTheHitsAndTheFailures() async throws {
        let sandbox = try await Self.documents()
        try Data([0x00, 0xFF]).write(to: sandbox.localDocuments.appending(path: "Budget notes.txt"))
        let result = try await sandbox.run("search", "budget", "--limit", "2", "--json")
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(json["count"] as? Int == 4)
        let hits = try #require(json["hits"] as? [[String: Any]])
        #expect(hits.map { $0["document"] as? String } == ["local:Budget notes.txt", "local:Budget.md"])
        #expect(hits.map { $0["extraction"] as? String } == ["failed", "text"])
        #expect(hits[0]["reason"] as? String == "it is not text in any encoding docbrowser reads")
        #expect(hits[0]["snippet"] == nil)
        #expect((hits[1]["listing"] as? [String: Any])?["name"] as? String == "Budget.md")
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.map { $0["document"] as? String } == ["local:Budget notes.txt"])
        #expect(result.standardError == "")
    }
}

extension SearchEndToEndTests {
    /// The index is written a few MiB of text per transaction: a search
    /// killed while it indexes leaves an index the next search finishes,
    /// never a damaged one, nor one it takes for complete.
    @Test func aSearchKilledWhileIndexingLeavesAnIndexTheNextFinishes() async throws {
        let sandbox = try Sandbox()
        // 12 MB: more than one transaction.
        let filler = String(repeating: "tide and wind over the quay ", count: 1100)
        for number in 0..<400 {
            _ = try sandbox.write("note \(number) about the harbour\n" + filler, to: "home/Documents/Note \(number).txt")
        }
        #expect(try await sandbox.run("list").status == 0)
        _ = try await sandbox.runKilled(after: 0.4, ["search", "harbour"])
        let result = try await sandbox.run("search", "harbour", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["count"] as? Int == 400)
        let check = try await sandbox.run("search", "note", "--limit", "1")
        #expect(check.status == 0 && check.standardError == "", "\(check)")
        try await sandbox.shell(#"python3 -c "import sqlite3, sys; sys.exit(sqlite3.connect('home/Library/Catalog/search.sqlite').execute('PRAGMA integrity_check').fetchone()[0] != 'ok')""#)
    }
}
