import Foundation
import Testing

/// A live query on B seeing a document another device makes arrive
/// through real Syncthing, asked through `docbrowser-syncthing`.
extension LiveOnTwoDevicesEndToEndTests {
    /// The text A writes that matches: the word first, then enough more
    /// text that the capped transfer takes seconds.
    static let matchingBytes = 8_000_000

    /// B's quiet period is 600 s, longer than any wait here: the report can
    /// only come from the arrival itself (the final rename seen, Syncthing
    /// saying it has the file whole), never from the period running out.
    /// The time from the rename to the report is printed, not asserted.
    @Test("B's live query reports a matching document A makes once, when whole, never the one that does not match, then its deletion", arguments: [
        ["search", "zanzibar", "--live", "--cloud", "--json"],
        ["watch", "--query", "zanzibar", "--cloud", "--json"],
    ])
    func liveQuerySeesAnotherDevice(command: [String]) async throws {
        let pair = try await SyncthingPair.start(receiveKilobytesPerSecond: 2_000, quietSeconds: "600")
        try pair.linkEngine("B")
        _ = try await pair.a.run("list")
        _ = try await pair.b.run("list")
        let live = try await BackgroundCommand(pair.b, command, label: "live")
        func events() -> [[String: Any]] {
            live.standardOutput.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        func summaries() -> [String] {
            events().map { "\($0["event"] ?? "") \($0["document"] ?? $0["count"] ?? "")" }
        }
        func waitFor(_ what: String, _ condition: ([String]) -> Bool) async throws {
            for _ in 0..<1200 where !condition(summaries()) { try await Task.sleep(for: .milliseconds(100)) }
            #expect(condition(summaries()), "never saw \(what): \(summaries()); stderr: \(live.standardError)")
        }
        try await waitFor("gathered") { $0 == ["gathered 0"] }

        try await pair.a.shell("""
            mkdir -p stage
            printf 'the minutes of the meeting\\n' > stage/Minutes.txt
            { printf 'the zanzibar report\\n'; seq 1 2000000; } | head -c \(Self.matchingBytes) > stage/Report.txt
            mv stage/Minutes.txt stage/Report.txt home/Cloud/Documents/
            """)
        try await pair.scan("A")
        // The final rename is the arrival complete: Syncthing writes a
        // temporary and renames it into place whole.
        let arrival = pair.b.cloudDocuments.appending(path: "Report.txt").path
        var arrived: ContinuousClock.Instant?
        var reported: ContinuousClock.Instant?
        let hangGuard = ContinuousClock.now + .seconds(120)
        while reported == nil || arrived == nil, ContinuousClock.now < hangGuard {
            if arrived == nil, FileManager.default.fileExists(atPath: arrival) { arrived = .now }
            if reported == nil, summaries().contains("started cloud:Report.txt") { reported = .now }
            try await Task.sleep(for: .milliseconds(5))
        }
        let arrivedAt = try #require(arrived, "Report.txt never arrived on B")
        let reportedAt = try #require(reported, "never reported: \(summaries()); stderr: \(live.standardError)")
        print("live query (\(command[0])) on a Syncthing arrival: reported \((reportedAt - arrivedAt).formatted(.units(allowed: [.milliseconds]))) after the final rename")

        let started = try #require(events().first { $0["event"] as? String == "started" })
        let hit = started["hit"] as? [String: Any]
        let listing = hit?["listing"] as? [String: Any]
        #expect(listing?["size"] as? Int == Self.matchingBytes, "reported before it was whole: \(started)")
        #expect(listing?["states"] as? [String] == ["normal"], "\(started)")
        #expect(hit?["snippet"] as? String == "the [zanzibar] report 1 2 3 4 5 6 7 8 9…", "\(started)")

        try await pair.waitUntilInSync()
        try await pair.a.shell("rm home/Cloud/Documents/Report.txt")
        try await pair.scan("A")
        try await waitFor("the deletion") { $0.contains("stopped cloud:Report.txt") }
        #expect(summaries() == ["gathered 0", "started cloud:Report.txt", "stopped cloud:Report.txt"])
        #expect(try await live.stop("TERM") == 0)
    }
}
