import Foundation
import Subprocess
import SystemPackage
import Testing

/// `docbrowser serve` running in the background of a sandbox: its first
/// line read as soon as it is written, its HTTP spoken by curl, stopped by
/// a signal.
final class ServeProcess: Sendable {
    /// The first line of stdout: the URL, or with `--json` its object.
    let firstLine: String
    private let command: BackgroundCommand

    private init(command: BackgroundCommand, firstLine: String) {
        self.command = command
        self.firstLine = firstLine
    }

    /// Starts the server and returns once it printed its first line.
    static func start(_ sandbox: Sandbox, _ arguments: [String] = []) async throws -> ServeProcess {
        let command = try await BackgroundCommand(sandbox, ["serve"] + arguments, label: "serve")
        for _ in 0..<600 {
            let text = command.standardOutput
            if let end = text.firstIndex(of: "\n") { return ServeProcess(command: command, firstLine: String(text[..<end])) }
            if command.hasEnded { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("serve printed no line; stderr: \(command.standardError)")
        return ServeProcess(command: command, firstLine: "")
    }

    /// curl's output of `arguments`, with a cookie jar of its own kept
    /// across calls: `-s` and the jar are added.
    func curl(_ arguments: [String]) async throws -> String {
        let jar = command.file("cookies").path
        let result = try await Subprocess.run(
            .name("curl"), arguments: Arguments(["-s", "--cookie", jar, "--cookie-jar", jar] + arguments),
            output: .string(limit: 64 << 20), error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "curl \(arguments): \(result.standardError)")
        return result.standardOutput
    }

    /// Sends `signal` and returns the exit status, nil if it did not end.
    func stop(_ signal: String = "TERM") async throws -> Int32? {
        try await command.stop(signal)
    }

    var standardError: String { command.standardError }

    /// Sends `signal` to one thread of the server: the thread, not the
    /// kernel, chooses who runs the handler. Then the exit status, nil if
    /// it did not end.
    func stop(_ signal: Int32, onThread thread: pid_t) async throws -> Int32? {
        let pid = try #require(command.pid)
        // tgkill(2), through Python: Swift cannot call the variadic syscall(2).
        try await command.sandbox.shell("python3 -c 'import ctypes, sys; sys.exit(ctypes.CDLL(None).syscall(234, \(pid), \(thread), \(signal)) != 0)'")
        return try await command.exitStatus()
    }

    /// The server's threads that do not block `signal` now, itself first.
    func threadsTaking(_ signal: Int32) throws -> [pid_t] {
        let pid = try #require(command.pid)
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").compactMap { pid_t($0) }.sorted { ($0 == pid ? 0 : $0) < ($1 == pid ? 0 : $1) }
        return tasks.filter { thread in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                  let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
            return blocked & (1 << UInt64(signal - 1)) == 0
        }
    }
}
