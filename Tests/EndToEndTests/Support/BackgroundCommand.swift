import Foundation
import Testing

/// A `docbrowser` command of a sandbox running in the background, as a
/// user leaves one running in a terminal: its stdout and stderr go to
/// files read as they grow, and it is stopped by a signal.
final class BackgroundCommand: Sendable {
    let sandbox: Sandbox
    private let directory: URL

    /// Starts `docbrowser --home HOME arguments…` with the sandbox's user
    /// environment, and returns at once.
    init(_ sandbox: Sandbox, _ arguments: [String], label: String) async throws {
        self.sandbox = sandbox
        directory = sandbox.root.appending(path: "\(label)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let command = ([Sandbox.binary.path, "--home", sandbox.home.path] + arguments).map(Sandbox.shellQuoted).joined(separator: " ")
        let environment = "HOME=\(Sandbox.shellQuoted(sandbox.userHome.path)) XDG_DATA_HOME=\(Sandbox.shellQuoted(sandbox.userHome.appending(path: ".local/share").path)) NO_COLOR=1"
        let folder = Sandbox.shellQuoted(directory.path)
        try await sandbox.shell("(env \(environment) \(command) > \(folder)/out 2> \(folder)/err & echo $! > \(folder)/pid; wait $!; echo $? > \(folder)/status) > /dev/null 2>&1 &")
    }

    /// A file of its own folder, for what the caller keeps beside it.
    func file(_ name: String) -> URL { directory.appending(path: name) }

    var standardOutput: String { (try? String(contentsOf: file("out"), encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: file("err"), encoding: .utf8)) ?? "" }
    var hasEnded: Bool { FileManager.default.fileExists(atPath: file("status").path) }

    /// Its process, as the shell started it.
    var pid: pid_t? {
        (try? String(contentsOf: file("pid"), encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Sends `signal` and returns the exit status, nil if it did not end.
    func stop(_ signal: String) async throws -> Int32? {
        try await sandbox.shell("kill -\(signal) $(cat \(Sandbox.shellQuoted(file("pid").path)))")
        return try await exitStatus()
    }

    /// The exit status once it ends, nil if it does not within 30 s.
    func exitStatus() async throws -> Int32? {
        for _ in 0..<300 {
            if let text = try? String(contentsOf: file("status"), encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    deinit {
        if let pid = try? String(contentsOf: file("pid"), encoding: .utf8), let number = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGKILL)
        }
    }
}
