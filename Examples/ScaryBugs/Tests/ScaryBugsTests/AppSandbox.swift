#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// A user of Scary Bugs and docbrowser: a home, a user home with its
/// Trash, and the two programs built beside this test bundle, run as
/// that user would run them.
final class AppSandbox: Sendable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "scarybugs-e2e-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: root.appending(path: "user"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var home: URL { root.appending(path: "home", directoryHint: .isDirectory) }
    var trash: URL { root.appending(path: "user/.local/share/Trash", directoryHint: .isDirectory) }

    /// What docbrowser passes a handler, and what the user's shell has;
    /// no installed apps and no system data but shared-mime-info's.
    var environment: [String: String] {
        let user = root.appending(path: "user").path
        return [
            "HOME": user, "XDG_DATA_HOME": "\(user)/.local/share", "XDG_CONFIG_HOME": "\(user)/.config",
            "XDG_DATA_DIRS": root.appending(path: "no-system-data").path, "DOCBROWSER_HOME": home.path, "NO_COLOR": "1",
        ]
    }

    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var description: String { "exit \(status)\nstdout:\n\(standardOutput)\nstderr:\n\(standardError)" }
    }

    func scarybugs(_ arguments: String...) async throws -> Result {
        try await run(Self.program("scarybugs"), arguments)
    }

    /// `scarybugs ARGUMENTS…` with `extra` in its environment, killed with
    /// SIGKILL after `seconds` if it is still running (status 137).
    func scarybugs(_ arguments: [String], environment extra: [String: String] = [:], killedAfter seconds: Double? = nil) async throws -> Result {
        let program = Self.programPath("scarybugs") ?? "scarybugs"
        let killer = seconds.map { ["-s", "KILL", String(format: "%.3f", $0)] } ?? ["0"]
        return try await run(.path("/usr/bin/timeout"), killer + [program] + arguments, environment: extra)
    }

    func docbrowser(_ arguments: String...) async throws -> Result {
        try await run(Self.program("docbrowser"), arguments)
    }

    func tool(_ name: String, _ arguments: String...) async throws -> Result {
        try await run(.name(name), arguments)
    }

    private func run(_ executable: Executable, _ arguments: [String], environment extra: [String: String] = [:]) async throws -> Result {
        var updated: [Environment.Key: String?] = [:]
        for (key, value) in environment.merging(extra, uniquingKeysWith: { $1 }) { updated[Environment.Key(stringLiteral: key)] = value }
        let result = try await Subprocess.run(
            executable, arguments: Arguments(arguments), environment: .inherit.updating(updated),
            workingDirectory: FilePath(root.path), output: .string(limit: 1 << 20), error: .string(limit: 1 << 20)
        )
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return Result(status: status, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    /// A program built beside this test bundle, else found in PATH.
    static func program(_ name: String) -> Executable {
        programPath(name).map { .path(FilePath($0)) } ?? .name(name)
    }

    static func programPath(_ name: String) -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    func write(_ data: Data, to relativePath: String) throws -> URL {
        let url = root.appending(path: relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }
}
