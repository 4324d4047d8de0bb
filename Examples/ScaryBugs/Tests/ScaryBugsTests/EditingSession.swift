#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import Testing

/// `scarybugs open BUG` running as a user at a terminal would run it: its
/// standard input a FIFO the test writes commands into, its output read
/// from a file as it comes.
final class EditingSession: @unchecked Sendable {
    let pid: pid_t
    private let directory: URL
    private let commands: FileHandle

    init(_ sandbox: AppSandbox, _ arguments: [String]) async throws {
        directory = sandbox.root.appending(path: "session-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fifo = directory.appending(path: "in").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let program = try #require(AppSandbox.programPath("scarybugs"), "scarybugs is built beside the tests")
        let command = ([program] + arguments).map(Self.quoted).joined(separator: " ")
        let variables = sandbox.environment.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let folder = Self.quoted(directory.path)
        // Opened for reading and writing, the FIFO opens at once, and
        // the session's end of it need not wait for a writer.
        let descriptor = open(fifo, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        commands = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // A command written after the session ended must fail, not kill the test.
        signal(SIGPIPE, SIG_IGN)
        let result = try await Subprocess.run(
            .path("/bin/sh"),
            arguments: ["-c", "(env \(variables) \(command) < \(folder)/in > \(folder)/out 2> \(folder)/err & echo $! > \(folder)/pid; wait $!; echo $? > \(folder)/status) > /dev/null 2>&1 &"],
            output: .discarded, error: .discarded
        )
        #expect(result.terminationStatus.isSuccess)
        var pid: pid_t = 0
        for _ in 0..<600 where pid == 0 {
            pid = (try? String(contentsOf: directory.appending(path: "pid"), encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            if pid == 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        self.pid = pid
    }

    deinit {
        try? commands.close()
        if pid > 0 { kill(pid, SIGKILL) }
    }

    func send(_ line: String) {
        commands.write(Data((line + "\n").utf8))
    }

    /// Ends standard input, as Ctrl-D does.
    func endInput() {
        try? commands.close()
    }

    var lines: [String] {
        ((try? String(contentsOf: directory.appending(path: "out"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    var standardError: String { (try? String(contentsOf: directory.appending(path: "err"), encoding: .utf8)) ?? "" }

    /// The output's lines once one says `text`; fails the test after a
    /// minute, since a slow machine is slow, not wrong.
    @discardableResult
    func waitForLine(containing text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        for _ in 0..<600 {
            if lines.contains(where: { $0.contains(text) }) { return lines }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the session never said \(text); it said \(lines), stderr \(standardError)", sourceLocation: sourceLocation)
        return lines
    }

    /// The session's exit status, once it has ended.
    func status() async throws -> Int32? {
        for _ in 0..<600 {
            if let text = try? String(contentsOf: directory.appending(path: "status"), encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
