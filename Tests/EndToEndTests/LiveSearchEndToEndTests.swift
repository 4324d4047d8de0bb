import Foundation
import Testing

/// `search --live` and `watch --query` against the built binary: the
/// matches, "gathered", then each document that starts or stops matching.
@Suite("search --live, watch --query")
struct LiveSearchEndToEndTests {
    /// Polls the command's output until `condition` holds; a minute is
    /// only the bound of a broken test (a slow machine is slow, not wrong).
    private static func waitFor(_ command: BackgroundCommand, _ what: String, _ condition: (String) -> Bool) async throws -> String {
        for _ in 0..<600 {
            if condition(command.standardOutput) { return command.standardOutput }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("never saw \(what); stdout: \(command.standardOutput); stderr: \(command.standardError)")
        return command.standardOutput
    }

    @Test func theTextFormListsMatchesThenWhatStartsAndStopsMatching() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("the budget for next year", to: "home/Documents/Plan.txt")
        _ = try sandbox.write("a letter", to: "home/Cloud/Documents/Letter.txt")
        let live = try await BackgroundCommand(sandbox, ["search", "budget", "--live"], label: "live")
        _ = try await Self.waitFor(live, "the gathering") { _ in live.standardError.contains("watching") }
        #expect(live.standardError == "docbrowser: 1 document matches; watching for changes (Ctrl-C stops)\n")

        _ = try sandbox.write("no budget this year", to: "home/Cloud/Documents/Letter.txt")
        _ = try await Self.waitFor(live, "the letter starting to match") { $0.contains("started") }
        _ = try sandbox.write("spent", to: "home/Documents/Plan.txt")
        let output = try await Self.waitFor(live, "the plan stopping to match") { $0.contains("stopped") }
        #expect(output == """
            local:Plan.txt  plain text
                the [budget] for next year
            started  cloud:Letter.txt  plain text
                no [budget] this year
            stopped  local:Plan.txt

            """)
        #expect(try await live.stop("INT") == 0)
    }

    @Test func watchQueryReportsJSONLinesAndABadQueryIsOneLine() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("minutes of the meeting", to: "home/Cloud/Documents/Minutes.txt")
        let watch = try await WatchProcess.start(sandbox, ["--query", "kind:public.text meeting"])
        #expect(watch.events.map { "\($0["event"] ?? "") \($0["document"] ?? "") \($0["count"] ?? "")" } == ["match cloud:Minutes.txt ", "gathered  1"])
        let first = watch.events.count

        // A sync engine's delivery: the temporary first, then the rename.
        _ = try sandbox.write("the next meeting", to: "home/Cloud/Documents/.syncthing.Agenda.txt.tmp")
        try await sandbox.shell("mv home/Cloud/Documents/.syncthing.Agenda.txt.tmp home/Cloud/Documents/Agenda.txt")
        let started = try await watch.waitFor("the agenda", after: first) { $0.contains { $0["event"] as? String == "started" } }
        #expect(started.map { "\($0["event"] ?? "") \($0["document"] ?? "")" } == ["started cloud:Agenda.txt"])
        #expect((started.first?["hit"] as? [String: Any])?["snippet"] as? String == "the next [meeting]")
        #expect(try await watch.stop() == 0)

        let bad = try await sandbox.run("watch", "--query", "(meeting")
        #expect(bad.status == 2)
        #expect(bad.standardError == "docbrowser: search: column 9: expected ')' to close the '(' at column 1\n")
    }
}
