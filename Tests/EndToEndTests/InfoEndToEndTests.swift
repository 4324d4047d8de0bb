import Foundation
import Testing

/// `info` shows what SPEC §2 promises beyond a listing: the handlers in
/// rank order, the dates the file system keeps, and where a link points.
@Suite("info, as the SPEC promises it")
struct InfoEndToEndTests {
    @Test
    func handlersComeInRankOrderAsHandlersRanksThem() async throws {
        let sandbox = try Sandbox()
        for (identifier, type, rank) in [("org.example.text", "public.text", "Owner"), ("org.example.plain", "public.plain-text", "Alternate")] {
            let manifest = try await HandlersEndToEndTests.writeHandler(sandbox, dir: identifier, identifier: identifier, types: [(type, rank)])
            #expect(try await sandbox.run("handlers", "register", manifest.path).status == 0)
        }
        _ = try sandbox.write("x", to: "home/Documents/a.txt")
        let handlers = try await sandbox.run("handlers", "a.txt", "--json").json()["candidates"] as? [[String: Any]]
        let info = try await sandbox.run("info", "a.txt", "--json")
        #expect(info.status == 0, "\(info)")
        let listed = try #require(try info.json()["handlers"] as? [[String: Any]])
        #expect(listed.map { $0["identifier"] as? String } == ["org.example.plain", "org.example.text"])
        #expect(listed.map { $0["identifier"] as? String } == handlers?.map { $0["identifier"] as? String })
        let text = try await sandbox.run("info", "a.txt").standardOutput
        let first = try #require(text.range(of: "opens with:   org.example.plain"), "\(text)")
        let second = try #require(text.range(of: "2. org.example.text"), "\(text)")
        #expect(first.upperBound < second.lowerBound)
    }

    @Test
    func aLinksTargetAndTheCreationDateAreShown() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("x", to: "home/Documents/Notes.txt")
        try FileManager.default.createSymbolicLink(atPath: sandbox.localDocuments.appending(path: "Shortcut").path, withDestinationPath: "../elsewhere/Notes.txt")
        let link = try await sandbox.run("info", "Shortcut", "--json").json()
        #expect(link["linkTarget"] as? String == "../elsewhere/Notes.txt")
        #expect(try await sandbox.run("info", "Shortcut").standardOutput.contains("link to:      ../elsewhere/Notes.txt"))
        #expect(try await sandbox.run("info", "Notes.txt", "--json").json()["linkTarget"] == nil)
        // The creation date is there exactly when the file system keeps one,
        // as stat(1) reports it ('-' or 0 when it does not).
        try await sandbox.shell("TZ=UTC stat -c %W home/Documents/Notes.txt > birth.seconds && TZ=UTC date -u -d @$(cat birth.seconds) +%Y-%m-%d > birth 2>/dev/null || echo - > birth")
        let birth = try String(contentsOf: sandbox.root.appending(path: "birth"), encoding: .utf8)
        let created = try await sandbox.run("info", "Notes.txt", "--json").json()["created"] as? String
        let seconds = try String(contentsOf: sandbox.root.appending(path: "birth.seconds"), encoding: .utf8)
        if seconds.hasPrefix("-") || seconds.hasPrefix("0") {
            #expect(created == nil)
        } else {
            #expect(created?.hasPrefix(String(birth.prefix(10))) == true, "stat says \(birth), info \(created ?? "nothing")")
        }
    }
}
