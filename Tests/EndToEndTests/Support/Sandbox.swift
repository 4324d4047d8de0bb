import Foundation
import Subprocess
import SystemPackage
import Testing

/// A fresh temporary directory holding a docbrowser home and a fake user
/// home, removed when the sandbox goes away. Every end-to-end test runs the
/// built binary in one, exactly as a user would with `--home`.
final class Sandbox: Sendable {
    let root: URL

    /// `quietSeconds` is written as the home's `cloud.quiet-seconds`; nil
    /// leaves it unset (the default period). It is 0 unless given: tests
    /// write a cloud document and act on it at once, and the quiet period
    /// has tests of its own.
    init(quietSeconds: String? = "0") throws {
        root = FileManager.default.temporaryDirectory
            .appending(path: "docbrowser-e2e-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if let quietSeconds {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: ["cloud.quiet-seconds": quietSeconds]).write(to: home.appending(path: "config.json"))
        }
        // The machine's shared-mime-info, but none of its installed apps: a
        // test sees only the desktop apps it installs itself.
        try FileManager.default.createDirectory(at: systemData, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: systemData.appending(path: "mime").path, withDestinationPath: "/usr/share/mime")
    }

    /// `XDG_DATA_DIRS` of every command run.
    var systemData: URL { root.appending(path: "system-data", directoryHint: .isDirectory) }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var home: URL { root.appending(path: "home", directoryHint: .isDirectory) }
    var userHome: URL { root.appending(path: "user", directoryHint: .isDirectory) }

    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var description: String { "exit \(status)\nstdout:\n\(standardOutput)\nstderr:\n\(standardError)" }

        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
            return try #require(object as? [String: Any], "stdout is not a JSON object: \(standardOutput)")
        }

        func jsonArray() throws -> [[String: Any]] {
            let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
            return try #require(object as? [[String: Any]], "stdout is not a JSON array: \(standardOutput)")
        }
    }

    /// Runs `docbrowser --home HOME ARGUMENTS…` with a user environment of
    /// its own, so that nothing outside the sandbox is read or written.
    func run(_ arguments: String..., environment extra: [Environment.Key: String?] = [:]) async throws -> Result {
        try await run(arguments, environment: extra)
    }

    /// Like ``run(_:environment:)``, but killed with SIGKILL after
    /// `seconds` if still running; the status is then 137. A plugin it had
    /// let run lives on in its own session until the next command stops
    /// it; the test does not wait for it, so that what it sees after that
    /// command is what the launcher's death and the recovery left.
    func runKilled(after seconds: Double, _ arguments: [String]) async throws -> Int32 {
        try await run(arguments, killAfter: seconds).status
    }

    /// `tracedBy` runs the command under another, such as strace, given
    /// before the binary; `program` runs another docbrowser, an installed one.
    func run(_ arguments: [String], environment extra: [Environment.Key: String?] = [:], killAfter seconds: Double? = nil, inTerminal: Bool = false, input: String = "",
             tracedBy tracer: [String] = [], program: URL = Sandbox.binary) async throws -> Result {
        var environment: [Environment.Key: String?] = [
            "HOME": userHome.path,
            "XDG_DATA_HOME": userHome.appending(path: ".local/share").path,
            "XDG_DATA_DIRS": systemData.path,
            "XDG_CONFIG_HOME": userHome.appending(path: ".config").path,
            "XDG_CACHE_HOME": userHome.appending(path: ".cache").path,
            "XDG_CONFIG_DIRS": root.appending(path: "system-config").path,
            "XDG_CURRENT_DESKTOP": nil,
            "DOCBROWSER_HOME": nil,
            "DOCBROWSER_SHARE_DIR": nil,
            "NO_COLOR": "1",
        ]
        environment.merge(extra) { _, new in new }
        var command = tracer + [program.path, "--home", home.path] + arguments
        if inTerminal {
            // script(1) gives the command a pseudo-terminal for its standard
            // input, output and error (merged, with CRLF line ends) and
            // exits with its status.
            command = ["/usr/bin/script", "-qec", command.map(Self.shellQuoted).joined(separator: " "), "/dev/null"]
        }
        // timeout passes the child's death by SIGKILL on by dying of it too.
        let killer = seconds.map { ["/usr/bin/timeout", "-s", "KILL", String(format: "%.3f", $0)] } ?? []
        // Standard input is a file, so that the command reads it to its end
        // at once; /dev/null when there is none.
        var inputFile = URL(fileURLWithPath: "/dev/null")
        if !input.isEmpty {
            inputFile = FileManager.default.temporaryDirectory.appending(path: "docbrowser-stdin-\(UUID().uuidString)")
            try Data(input.utf8).write(to: inputFile)
        }
        defer { if !input.isEmpty { try? FileManager.default.removeItem(at: inputFile) } }
        let result = try await Subprocess.run(
            .path(FilePath((killer + command)[0])),
            arguments: Arguments(Array((killer + command).dropFirst())),
            environment: .inherit.updating(environment),
            input: .fileDescriptor(try FileDescriptor.open(FilePath(inputFile.path), .readOnly), closeAfterSpawningProcess: true),
            output: .string(limit: 16 << 20),
            error: .string(limit: 1 << 20)
        )
        let status: Int32
        switch result.terminationStatus {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        }
        return Result(status: status, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    func write(_ text: String, to relativePath: String) throws -> URL {
        let url = root.appending(path: relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    var localDocuments: URL { home.appending(path: "Documents", directoryHint: .isDirectory) }
    var cloudDocuments: URL { home.appending(path: "Cloud/Documents", directoryHint: .isDirectory) }

    /// Runs a command line through /bin/sh, as a user changing files
    /// behind docbrowser's back would.
    func shell(_ script: String) async throws {
        let result = try await Subprocess.run(
            .path("/bin/sh"), arguments: ["-c", script],
            workingDirectory: FilePath(root.path),
            output: .discarded, error: .string(limit: 1 << 16)
        )
        #expect(result.terminationStatus.isSuccess, "sh -c \(script): \(result.standardError)")
    }

    /// The `docbrowser` under test: `$DOCBROWSER_BIN`, which `make test`
    /// sets to the build `make install` installs, or else the one built
    /// beside this test bundle. Its plugins are the ones beside it.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["DOCBROWSER_BIN"] { return URL(fileURLWithPath: path) }
        return builtBesideTests("docbrowser")
    }()

    /// A product of the build this test bundle belongs to, such as the
    /// fuzzing harness, which only tests run.
    static func builtBesideTests(_ product: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appending(path: product)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: product)
    }
}
