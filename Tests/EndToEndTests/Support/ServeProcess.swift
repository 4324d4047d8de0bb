import Foundation
import Subprocess
import SystemPackage
import Testing

/// `docbrowser serve` running in the background of a sandbox: its first
/// line read from a file as soon as it is written, its HTTP spoken by
/// curl, stopped by a signal.
final class ServeProcess: Sendable {
    let sandbox: Sandbox
    /// The first line of stdout: the URL, or with `--json` its object.
    let firstLine: String
    private let directory: URL

    private init(sandbox: Sandbox, directory: URL, firstLine: String) {
        self.sandbox = sandbox
        self.directory = directory
        self.firstLine = firstLine
    }

    /// Starts the server and returns once it printed its first line.
    static func start(_ sandbox: Sandbox, _ arguments: [String] = []) async throws -> ServeProcess {
        let directory = sandbox.root.appending(path: "serve-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let command = ([Sandbox.binary.path, "--home", sandbox.home.path, "serve"] + arguments).map(Sandbox.shellQuoted).joined(separator: " ")
        let environment = "HOME=\(Sandbox.shellQuoted(sandbox.userHome.path)) XDG_DATA_HOME=\(Sandbox.shellQuoted(sandbox.userHome.appending(path: ".local/share").path)) NO_COLOR=1"
        let folder = Sandbox.shellQuoted(directory.path)
        try await sandbox.shell("(env \(environment) \(command) > \(folder)/out 2> \(folder)/err & echo $! > \(folder)/pid; wait $!; echo $? > \(folder)/status) > /dev/null 2>&1 &")
        for _ in 0..<600 {
            let text = (try? String(contentsOf: directory.appending(path: "out"), encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") { return ServeProcess(sandbox: sandbox, directory: directory, firstLine: String(text[..<end])) }
            if FileManager.default.fileExists(atPath: directory.appending(path: "status").path) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("serve printed no line; stderr: \((try? String(contentsOf: directory.appending(path: "err"), encoding: .utf8)) ?? "")")
        return ServeProcess(sandbox: sandbox, directory: directory, firstLine: "")
    }

    /// curl's output of `arguments`, with a cookie jar of its own kept
    /// across calls: `-s` and the jar are added.
    func curl(_ arguments: [String]) async throws -> String {
        let jar = directory.appending(path: "cookies").path
        let result = try await Subprocess.run(
            .name("curl"), arguments: Arguments(["-s", "--cookie", jar, "--cookie-jar", jar] + arguments),
            output: .string(limit: 64 << 20), error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "curl \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    /// Sends `signal` and returns the exit status, nil if it did not end.
    func stop(_ signal: String = "TERM") async throws -> Int32? {
        try await sandbox.shell("kill -\(signal) $(cat \(Sandbox.shellQuoted(directory.appending(path: "pid").path)))")
        for _ in 0..<300 {
            if let text = try? String(contentsOf: directory.appending(path: "status"), encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    var standardError: String { (try? String(contentsOf: directory.appending(path: "err"), encoding: .utf8)) ?? "" }

    deinit {
        if let pid = try? String(contentsOf: directory.appending(path: "pid"), encoding: .utf8), let number = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGKILL)
        }
    }
}
