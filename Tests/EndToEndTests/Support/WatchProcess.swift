import Foundation
import Testing

/// `docbrowser watch --json` running in the background of a sandbox, its
/// JSON lines read from a file as they come, stopped by a signal.
final class WatchProcess: Sendable {
    let sandbox: Sandbox
    private let command: BackgroundCommand

    private init(command: BackgroundCommand) {
        sandbox = command.sandbox
        self.command = command
    }

    /// Starts the watch and returns once it has gathered.
    static func start(_ sandbox: Sandbox, _ arguments: [String] = []) async throws -> WatchProcess {
        let watch = WatchProcess(command: try await BackgroundCommand(sandbox, ["watch", "--json"] + arguments, label: "watch"))
        _ = try await watch.waitFor("gathered") { $0.contains { $0["event"] as? String == "gathered" } }
        return watch
    }

    /// Every JSON line so far.
    var events: [[String: Any]] {
        command.standardOutput.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The events since `start`, once `condition` holds for them; fails
    /// the test after a minute (a slow machine is slow, not wrong).
    func waitFor(_ what: String, after start: Int = 0, _ condition: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
        for _ in 0..<600 {
            let now = Array(events.dropFirst(start))
            if condition(now) { return now }
            try await Task.sleep(for: .milliseconds(100))
        }
        let now = Array(events.dropFirst(start))
        Issue.record("watch never reported \(what); it reported \(now.map(Self.summary)); stderr: \(command.standardError)")
        return now
    }

    /// `event name states`, for messages and comparisons.
    static func summary(_ event: [String: Any]) -> String {
        let document = event["listing"] as? [String: Any]
        let states = (document?["states"] as? [String])?.joined(separator: ",") ?? ""
        return "\(event["event"] as? String ?? "?") \(document?["name"] as? String ?? "") \(states)".trimmingCharacters(in: .whitespaces)
    }

    /// Sends `signal` and returns the exit status, nil if it did not end.
    func stop(_ signal: String = "INT") async throws -> Int32? {
        try await command.stop(signal)
    }
}
