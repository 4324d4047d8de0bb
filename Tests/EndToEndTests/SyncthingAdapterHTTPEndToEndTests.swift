#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// The adapter's HTTP client (libcurl) against a stand-in for Syncthing's
/// REST API (`scripts/fake-syncthing-rest.py`): the answers a real
/// Syncthing gives, and those it rarely gives, each one exact reason.
extension SyncthingAdapterEndToEndTests {
    /// The stand-in, serving one mode on a free port of 127.0.0.1 until it
    /// goes away.
    final class FakeSyncthing: Sendable {
        let port: Int
        private let pidFile: URL

        static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "scripts/fake-syncthing-rest.py")

        init(_ mode: String, for machine: Machine, tls: Bool = false) async throws {
            let directory = machine.root.appending(path: "fake-\(mode)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let portFile = directory.appending(path: "port")
            pidFile = directory.appending(path: "pid")
            var arguments = [Self.script.path, portFile.path, mode]
            if tls {
                let made = try await Subprocess.run(
                    .path(FilePath("/usr/bin/openssl")),
                    arguments: ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                                "-subj", "/CN=syncthing", "-keyout", directory.appending(path: "key.pem").path,
                                "-out", directory.appending(path: "cert.pem").path],
                    output: .discarded, error: .string(limit: 1 << 16)
                )
                try #require(made.terminationStatus.isSuccess, "openssl: \(made.standardError)")
                arguments += [directory.appending(path: "cert.pem").path, directory.appending(path: "key.pem").path]
            }
            let command = (["exec", "python3"] + arguments).map(Sandbox.shellQuoted).joined(separator: " ")
            let environment = "FAKE_SYNCTHING_FOLDER=\(Sandbox.shellQuoted(machine.root.appending(path: "Cloud").path))"
            _ = try await Subprocess.run(
                .path(FilePath("/bin/sh")),
                arguments: ["-c", "(env \(environment) sh -c \(Sandbox.shellQuoted(command)) > /dev/null 2>&1 & echo $! > \(Sandbox.shellQuoted(pidFile.path)))"],
                output: .discarded, error: .discarded
            )
            var port: Int?
            for _ in 0..<300 {
                if let text = try? String(contentsOf: portFile, encoding: .utf8), let number = Int(text) {
                    port = number
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            self.port = try #require(port, "the stand-in for Syncthing did not start")
        }

        deinit {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
    }

    /// What a Syncthing that needs two files under Documents answers.
    static func expectedAnswer() -> String {
        """
        {"engine":"Syncthing","event":"result","folder":"cloud","needed":[{"inProgress":true,"path":"Big.bin"},\
        {"inProgress":false,"path":"Deck.key/Index.iwa"}],"neededItems":2,"state":"syncing","truncated":false,"wholeFiles":true}
        """
    }

    static func text(_ answer: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// A key file for `--api-key-file`.
    static func keyFile(in machine: Machine, key: String = "k3yK3y") throws -> String {
        let file = machine.root.appending(path: "key")
        try Data((key + "\n").utf8).write(to: file)
        return file.path
    }

    /// A machine whose config.xml names a stand-in serving `mode`.
    static func machine(askingAStandIn mode: String, tls: Bool = false) async throws -> (Machine, FakeSyncthing) {
        let machine = try Machine(config: nil)
        let fake = try await FakeSyncthing(mode, for: machine, tls: tls)
        try Self.config(address: "127.0.0.1:\(fake.port)", tls: tls).write(to: machine.configFile)
        return (machine, fake)
    }

    @Test("over http, from config.xml or --address, the names Syncthing needs come back as the protocol's result")
    func answered() async throws {
        let (machine, fake) = try await Self.machine(askingAStandIn: "normal")
        let configured = try await machine.ask()
        #expect(configured.status == 0)
        #expect(try Self.text(configured.answer) == Self.expectedAnswer())
        let given = try await machine.ask("--address", "127.0.0.1:\(fake.port)", "--api-key-file", try Self.keyFile(in: machine))
        #expect(try Self.text(given.answer) == Self.expectedAnswer())
    }

    @Test("over TLS with Syncthing's self-signed certificate, the answer is the same")
    func answeredOverTLS() async throws {
        let (machine, fake) = try await Self.machine(askingAStandIn: "normal", tls: true)
        #expect(try Self.text(try await machine.ask().answer) == Self.expectedAnswer())
        let given = try await machine.ask("--address", "https://127.0.0.1:\(fake.port)", "--api-key-file", try Self.keyFile(in: machine))
        #expect(try Self.text(given.answer) == Self.expectedAnswer())
    }

    @Test("a proxy named in the environment is never used: the API key goes to loopback only")
    func proxiesAreIgnored() async throws {
        let (machine, fake) = try await Self.machine(askingAStandIn: "normal")
        defer { withExtendedLifetime(fake) {} }
        let proxy = "http://127.0.0.1:\(try Self.closedPort())"
        let asked = try await machine.ask(environment: ["http_proxy": proxy, "HTTPS_PROXY": proxy, "ALL_PROXY": proxy])
        #expect(try Self.text(asked.answer) == Self.expectedAnswer())
    }

    @Test("a refused key, a page that is not JSON, and an answer past 64 MiB are each no engine, with the reason", arguments: [
        ("refuse", "Syncthing at 127.0.0.1:PORT refused the API key"),
        ("html", "Syncthing at 127.0.0.1:PORT answered /rest/config/folders with something that is not JSON"),
        ("huge", "Syncthing does not answer at 127.0.0.1:PORT (its answer is larger than 67108864 bytes)"),
    ])
    func unusableAnswers(mode: String, reason: String) async throws {
        let (machine, fake) = try await Self.machine(askingAStandIn: mode)
        let asked = try await machine.ask()
        #expect(asked.status == 0 && asked.answer["engine"] is NSNull, "\(asked.answer)")
        #expect(asked.answer["reason"] as? String == reason.replacingOccurrences(of: "PORT", with: "\(fake.port)"))
    }

    @Test("a Syncthing that accepts and never answers is no engine once the request's two seconds are up")
    func silent() async throws {
        let (machine, fake) = try await Self.machine(askingAStandIn: "silent")
        let asked = try await machine.ask()
        #expect(asked.status == 0 && asked.answer["engine"] is NSNull, "\(asked.answer)")
        let reason = asked.answer["reason"] as? String ?? ""
        #expect(reason.hasPrefix("Syncthing does not answer at 127.0.0.1:\(fake.port) (Operation timed out after 2"), "\(reason)")
    }
}
