import Foundation
import Testing

/// `watch` seeing another device's changes arrive through real Syncthing.
extension LiveOnTwoDevicesEndToEndTests {
    @Test("B's watch reports a document A makes, once whole, and A's deletion of it")
    func watchSeesAnotherDevice() async throws {
        let pair = try await SyncthingPair.start(receiveKilobytesPerSecond: 4_000)
        _ = try await pair.a.run("list")
        _ = try await pair.b.run("list")
        let watch = try await WatchProcess.start(pair.b, ["--cloud"])
        var seen = watch.events.count
        try await pair.a.shell("head -c 12000000 /dev/urandom > stage.bin && mv stage.bin home/Cloud/Documents/Film.mov")
        try await pair.scan("A")
        var events = try await watch.waitFor("the arrival, whole", after: seen) { events in
            events.contains { ["added Film.mov normal", "stateChanged Film.mov normal"].contains(WatchProcess.summary($0)) }
        }
        let whole = events.last { ($0["listing"] as? [String: Any])?["name"] as? String == "Film.mov" }
        #expect((whole?["listing"] as? [String: Any])?["size"] as? Int == 12_000_000, "\(events.map(WatchProcess.summary))")
        #expect(events.allSatisfy { event in
            let document = event["listing"] as? [String: Any]
            return (document?["states"] as? [String]) != ["normal"] || document?["size"] as? Int == 12_000_000
        }, "never reported as complete while partial: \(events.map(WatchProcess.summary))")
        seen += events.count

        #expect(try await pair.a.run("delete", "Film.mov").status == 0)
        try await pair.scan("A")
        events = try await watch.waitFor("the deletion", after: seen) { $0.contains { WatchProcess.summary($0).hasPrefix("removed Film.mov") } }
        #expect(try await watch.stop("TERM") == 0)
    }
}
