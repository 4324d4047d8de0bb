#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import SystemPackage
import Testing

/// `docbrowser-syncthing sync-status` run as docbrowser runs it, on
/// configurations a user's machine may hold: every way of not finding an
/// engine is "no engine" with the reason, exit 0, and no address but
/// loopback is ever asked.
@Suite("docbrowser-syncthing, the Syncthing adapter")
struct SyncthingAdapterEndToEndTests {
    /// The one installed beside docbrowser, as docbrowser finds it.
    static let adapter = Sandbox.binary.deletingLastPathComponent().appending(path: "docbrowser-syncthing")

    /// A user's home and a cloud Documents folder in a Syncthing folder
    /// (`.stfolder`), with `config` as `~/.config/syncthing/config.xml`.
    struct Machine {
        let root: URL
        var home: URL { root.appending(path: "user") }
        var documents: URL { root.appending(path: "Cloud/Documents") }
        var configFile: URL { home.appending(path: ".config/syncthing/config.xml") }

        init(config: Data?, marked: Bool = true) throws {
            root = FileManager.default.temporaryDirectory.appending(path: "adapter-\(UUID().uuidString)").resolvingSymlinksInPath()
            try FileManager.default.createDirectory(at: root.appending(path: "Cloud/Documents"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appending(path: "user/.config/syncthing"), withIntermediateDirectories: true)
            if marked { try FileManager.default.createDirectory(at: root.appending(path: "Cloud/.stfolder"), withIntermediateDirectories: true) }
            if let config { try config.write(to: root.appending(path: "user/.config/syncthing/config.xml")) }
        }

        /// The answer's fields, and the exit status.
        func ask(_ extra: String..., environment: [String: String] = [:]) async throws -> (status: Int32, answer: [String: Any]) {
            let result = try await Subprocess.run(
                .path(FilePath(adapter.path)), arguments: Arguments(["sync-status", "--folder", documents.path] + extra),
                environment: .custom(Dictionary(uniqueKeysWithValues: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
                    .merging(environment) { $1 }.map { (Environment.Key(stringLiteral: $0.key), $0.value) })),
                output: .string(limit: 1 << 20), error: .discarded
            )
            let line = Data(result.standardOutput.utf8)
            let answer = (try? JSONSerialization.jsonObject(with: line) as? [String: Any]) ?? ["unreadable": result.standardOutput]
            guard case .exited(let status) = result.terminationStatus else { return (-1, answer) }
            return (status, answer)
        }
    }

    static func config(address: String, key: String = "k3yK3y", tls: Bool = false) -> Data {
        Data("""
            <configuration version="35">
                <folder id="cloud" path="/nowhere"></folder>
                <gui enabled="true" tls="\(tls)" debugging="false">
                    <address>\(address)</address>
                    <apikey>\(key)</apikey>
                    <theme>default</theme>
                </gui>
            </configuration>
            """.utf8)
    }

    /// A port nothing listens on: bound, then let go.
    static func closedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("a folder outside any Syncthing folder, or no config.xml, is no engine, with the reason")
    func notFound() async throws {
        let unmarked = try Machine(config: nil, marked: false)
        let outside = try await unmarked.ask()
        #expect(outside.status == 0)
        #expect(outside.answer["event"] as? String == "result" && outside.answer["engine"] is NSNull)
        #expect(outside.answer["reason"] as? String == "\(unmarked.documents.path) is in no Syncthing folder (no .stfolder)")
        let unconfigured = try Machine(config: nil)
        let missing = try await unconfigured.ask()
        #expect(missing.status == 0 && missing.answer["engine"] is NSNull)
        #expect(missing.answer["reason"] as? String == """
            \(unconfigured.root.path)/Cloud is a Syncthing folder, but no Syncthing config.xml is in \
            \(unconfigured.home.path)/.local/state/syncthing/config.xml, \(unconfigured.home.path)/.config/syncthing/config.xml
            """)
    }

    @Test("a hostile config.xml is no engine, with one reason naming the file", arguments: [
        (config(address: "192.168.1.5:8384"), "the address '192.168.1.5:8384' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost"),
        (config(address: "example.com:8384"), "the address 'example.com:8384' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost"),
        (config(address: "http://127.0.0.1.example.com:80"), "the address 'http://127.0.0.1.example.com:80' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost"),
        (config(address: "[fe80::1]:8384"), "the address '[fe80::1]:8384' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost"),
        (config(address: "unix:///run/syncthing.sock"), "the address 'unix:///run/syncthing.sock' is no http address (a Unix socket or another scheme is not supported)"),
        (config(address: "127.0.0.1:99999"), "the address '127.0.0.1:99999' has no port from 1 to 65535"),
        (config(address: "127.0.0.1:8384", key: "abc\r\nX-Evil: 1"), "its API key is not letters and digits"),
        (config(address: "127.0.0.1:8384", key: ""), "names no API key"),
        (Data("<configuration><gui><apikey>k</apikey></gui></configuration>".utf8), "names no GUI address"),
        (Data(String(repeating: "<!-- padding -->\n", count: 70_000).utf8), "larger than 1048576 bytes, not a Syncthing configuration"),
        // An element name that is not UTF-8 once trapped Foundation's parser (make fuzz).
        (Data("<configuration><gui><address>127.0.0.1:8384</address><apike".utf8) + Data([0xF9]) + Data(">k</apikey></gui></configuration>".utf8),
         "not UTF-8, as Syncthing writes it"),
    ])
    func hostileConfig(config: Data, reason: String) async throws {
        let machine = try Machine(config: config)
        let asked = try await machine.ask()
        #expect(asked.status == 0)
        #expect(asked.answer["engine"] is NSNull, "\(asked.answer)")
        #expect(asked.answer["reason"] as? String == "\(machine.configFile.path): \(reason)")
    }

    @Test("malformed XML and entity bombs are no engine, promptly", arguments: [
        "<configuration><gui><address>127.0.0.1:8384</gui></configuration>",
        """
        <?xml version="1.0"?><!DOCTYPE c [<!ENTITY a "aaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">\
        <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>\
        <configuration><gui><address>&f;</address><apikey>k</apikey></gui></configuration>
        """,
        """
        <?xml version="1.0"?><!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><configuration><gui><address>&x;</address><apikey>k</apikey></gui></configuration>
        """,
        String(repeating: "<a>", count: 5000),
    ])
    func malformed(config: String) async throws {
        let machine = try Machine(config: Data(config.utf8))
        let asked = try await machine.ask()
        #expect(asked.status == 0)
        #expect(asked.answer["engine"] is NSNull, "\(asked.answer)")
        let reason = asked.answer["reason"] as? String ?? ""
        #expect(reason.hasPrefix(machine.configFile.path + ": "), "\(reason)")
        #expect(!reason.contains("root:"), "no file's content is read through an entity")
    }

    @Test("Syncthing not running at a loopback address is no engine; an address given that is not loopback is refused before any connection")
    func notRunning() async throws {
        let port = try Self.closedPort()
        let machine = try Machine(config: Self.config(address: "127.0.0.1:\(port)"))
        let asked = try await machine.ask()
        #expect(asked.status == 0 && asked.answer["engine"] is NSNull)
        #expect((asked.answer["reason"] as? String ?? "").hasPrefix("Syncthing does not answer at 127.0.0.1:\(port) ("), "\(asked.answer)")
        let keyFile = machine.root.appending(path: "key")
        try Data("k3yK3y\n".utf8).write(to: keyFile)
        let remote = try await machine.ask("--address", "10.0.0.1:8384", "--api-key-file", keyFile.path)
        #expect(remote.answer["reason"] as? String == "cloud.engine-address: the address '10.0.0.1:8384' is not on loopback; docbrowser asks an engine only on 127.0.0.1, ::1 or localhost")
    }

    @Test("config set takes an engine address on loopback only, with one line")
    func setting() async throws {
        let sandbox = try Sandbox()
        #expect(try await sandbox.run("config", "get", "cloud.engine-address").standardOutput == "the engine's own configuration\n")
        #expect(try await sandbox.run("config", "set", "cloud.engine-address", "127.0.0.1:8384").status == 0)
        #expect(try await sandbox.run("config", "get", "cloud.engine-address").standardOutput == "127.0.0.1:8384\n")
        #expect(try await sandbox.run("config", "set", "cloud.engine-api-key-file", "syncthing.key").status == 0)
        #expect(try await sandbox.run("config", "get", "cloud.engine-api-key-file").standardOutput == sandbox.home.appending(path: "syncthing.key").standardizedFileURL.path + "\n")
        let refused = try await sandbox.run("config", "set", "cloud.engine-address", "192.168.1.5:8384")
        #expect(refused.status == 6, "\(refused)")
        #expect(refused.standardError == """
            docbrowser: cloud.engine-address: '192.168.1.5:8384' is not valid: must be HOST:PORT on 127.0.0.1, [::1] or localhost; docbrowser talks to no other host

            """, "\(refused)")
    }
}
