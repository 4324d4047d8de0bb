import Foundation
import Testing

/// `docbrowser watch --json` running in the background of a sandbox, its
/// JSON lines read from a file as they come, stopped by a signal.
final class WatchProcess: Sendable {
    let sandbox: Sandbox
    private let directory: URL

    private init(sandbox: Sandbox, directory: URL) {
        self.sandbox = sandbox
        self.directory = directory
    }

    /// Starts the watch and returns once it has gathered.
    static func start(_ sandbox: Sandbox, _ arguments: [String] = []) async throws -> WatchProcess {
        let directory = sandbox.root.appending(path: "watch-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let command = ([Sandbox.binary.path, "--home", sandbox.home.path, "watch", "--json"] + arguments).map(Sandbox.shellQuoted).joined(separator: " ")
        let environment = "HOME=\(Sandbox.shellQuoted(sandbox.userHome.path)) XDG_DATA_HOME=\(Sandbox.shellQuoted(sandbox.userHome.appending(path: ".local/share").path)) NO_COLOR=1"
        let folder = Sandbox.shellQuoted(directory.path)
        try await sandbox.shell("(env \(environment) \(command) > \(folder)/out 2> \(folder)/err & echo $! > \(folder)/pid; wait $!; echo $? > \(folder)/status) > /dev/null 2>&1 &")
        let watch = WatchProcess(sandbox: sandbox, directory: directory)
        _ = try await watch.waitFor("gathered") { $0.contains { $0["event"] as? String == "gathered" } }
        return watch
    }

    /// Every JSON line so far.
    var events: [[String: Any]] {
        let text = (try? String(contentsOf: directory.appending(path: "out"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
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
        Issue.record("watch never reported \(what); it reported \(now.map(Self.summary)); stderr: \((try? String(contentsOf: directory.appending(path: "err"), encoding: .utf8)) ?? "")")
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
        try await sandbox.shell("kill -\(signal) $(cat \(Sandbox.shellQuoted(directory.appending(path: "pid").path)))")
        for _ in 0..<300 {
            if let text = try? String(contentsOf: directory.appending(path: "status"), encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    deinit {
        if let pid = try? String(contentsOf: directory.appending(path: "pid"), encoding: .utf8), let number = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGKILL)
        }
    }
}
