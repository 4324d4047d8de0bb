#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// Two devices: two sandboxes whose `Cloud` folders real Syncthing
/// instances mirror on 127.0.0.1 (`scripts/syncthing-pair.sh`, which
/// switches off discovery, relays, NAT traversal and reporting before the
/// first start). Both instances stop when the pair goes away, on every
/// exit path of a test.
final class SyncthingPair: Sendable {
    let a: Sandbox
    let b: Sandbox
    private let state: URL

    static let script: URL = {
        // Tests/EndToEndTests/Support/SyncthingPair.swift → repository root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/syncthing-pair.sh")
    }()

    /// `make test` installs Syncthing; a bare `swift test` on a machine
    /// without it skips these tests.
    static let isAvailable: Bool = {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/syncthing")
        }
    }()

    private init(a: Sandbox, b: Sandbox) {
        self.a = a
        self.b = b
        state = a.root.appending(path: "syncthing", directoryHint: .isDirectory)
    }

    /// Starts both devices and returns once they are connected.
    /// `receiveKilobytesPerSecond` caps what each receives (0: no cap).
    /// `cloudOfA` puts A's cloud container elsewhere (on another file
    /// system), configured in A's home before the start. `quietSeconds`
    /// is both homes' `cloud.quiet-seconds`, as ``Sandbox/init(quietSeconds:)`` takes it.
    static func start(receiveKilobytesPerSecond: Int = 0, cloudOfA: URL? = nil, quietSeconds: String? = "0") async throws -> SyncthingPair {
        let pair = SyncthingPair(a: try Sandbox(quietSeconds: quietSeconds), b: try Sandbox(quietSeconds: quietSeconds))
        if let cloudOfA {
            let set = try await pair.a.run("config", "set", "cloud.container", cloudOfA.path)
            guard set.status == 0 else { throw Failure(description: "config set cloud.container: \(set)") }
        }
        let cloudA = cloudOfA ?? pair.a.home.appending(path: "Cloud")
        try await pair.run("start", cloudA.path, pair.b.home.appending(path: "Cloud").path, String(receiveKilobytesPerSecond))
        return pair
    }

    /// Each device leads a process group of its own (the script starts it
    /// with setsid), ended here without waiting on any process.
    deinit {
        for device in ["A", "B"] {
            let file = state.appending(path: "\(device)/pgid")
            guard let text = try? String(contentsOf: file, encoding: .utf8), let group = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            kill(-group, SIGTERM)
            for _ in 0..<50 where kill(-group, 0) == 0 { usleep(100_000) }
            kill(-group, SIGKILL)
        }
    }

    /// Rescans both and returns once both hold the same, whole folder.
    func waitUntilInSync(seconds: Int = 120) async throws {
        try await run("wait-sync", String(seconds))
    }

    /// Where `device` ("A" or "B") keeps its `config.xml`: a user's
    /// `~/.local/state/syncthing`.
    func syncthingHome(_ device: String) -> URL {
        state.appending(path: device, directoryHint: .isDirectory)
    }

    /// Lets docbrowser on `device` find its Syncthing as on a user's
    /// machine: `~/.local/state/syncthing` leads to the device's home.
    func linkEngine(_ device: String) throws {
        let sandbox = device == "A" ? a : b
        let state = sandbox.userHome.appending(path: ".local/state", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: state.appending(path: "syncthing"), withDestinationURL: syncthingHome(device))
    }

    func scan(_ device: String) async throws {
        try await run("scan", device)
    }

    func disconnect() async throws {
        try await run("disconnect")
    }

    func reconnect() async throws {
        try await run("reconnect")
    }

    /// Stops both devices now, as a user quitting Syncthing would.
    func stop() async throws {
        try await run("stop")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func run(_ command: String, _ arguments: String...) async throws {
        let result = try await Subprocess.run(
            .path(FilePath("/bin/bash")), arguments: Arguments([Self.script.path, command, state.path] + arguments),
            output: .discarded, error: .string(limit: 1 << 20)
        )
        guard result.terminationStatus.isSuccess else {
            throw Failure(description: "syncthing-pair.sh \(command): \(result.standardError)")
        }
    }
}
