#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Synchronization
import Testing

/// `onLaunch` hands the plugin's process to a journal before the plugin's
/// output is read; a launch that cannot be recorded is not let run.
@Suite("PluginProcess reports each plugin's process as soon as it runs")
struct PluginLaunchTests {
    private struct Unwritable: Error, CustomStringConvertible {
        var description: String { "the journal cannot be written" }
    }

    private func plugin(_ script: String, in directory: TemporaryDirectory) throws -> PluginService {
        let url = try directory.write("#!/bin/sh\n" + script + "\n", to: "plugin.sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return PluginService(identifier: "org.example.launch", executable: url)
    }

    @Test func theLaunchNamesThePluginsOwnProcessGroup() async throws {
        let directory = try TemporaryDirectory("launch")
        let service = try plugin(#"echo "{\"event\":\"result\",\"pid\":$$,\"group\":$(ps -o pgid= -p $$)}""#, in: directory)
        let launches = Mutex<[(ProcessIdentity, ProcessIdentity?)]>([])
        let outcome = try await PluginProcess(service: service, arguments: [], home: nil, environment: [:]).run(onLaunch: { launch in
            // Zombie or not, it is not reaped yet: /proc still knows it.
            launches.withLock { $0.append((launch, ProcessIdentity(pid: launch.pid))) }
        })
        struct Result: Decodable { var pid: Int32; var group: Int32 }
        let result = try outcome.decodeResult(Result.self)
        let recorded = launches.withLock { $0 }
        #expect(recorded.count == 1)
        #expect(recorded.first?.0.pid == result.pid)
        #expect(recorded.first?.1 == recorded.first?.0, "the identity is the plugin's, read while it existed")
        #expect(result.group == result.pid, "its pid is its process group's")
        #expect(recorded.first?.0.isRunning == false, "reaped once the call returns")
    }

    @Test func aLaunchThatCannotBeRecordedNeverRunsThePlugin() async throws {
        let directory = try TemporaryDirectory("launch")
        let marker = directory.url("written")
        let service = try plugin("""
            touch '\(marker.path)'
            sleep 120
            echo '{"event":"result"}'
            """, in: directory)
        let launched = Mutex<ProcessIdentity?>(nil)
        do {
            _ = try await PluginProcess(service: service, arguments: [], home: nil, environment: [:], timeLimit: .seconds(300)).run(onLaunch: { launch in
                launched.withLock { $0 = launch }
                throw Unwritable()
            })
            Issue.record("the plugin ran unrecorded")
        } catch {
            #expect(error.failure(as: PluginError.self)?.reason == .cannotLaunch(reason: "the journal cannot be written"))
            #expect(error.description == "org.example.launch cannot be started: the journal cannot be written")
        }
        let launch = try #require(launched.withLock { $0 })
        #expect(!launch.isRunning)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "its first command never ran")
    }

    /// Started through the gate, the plugin still gets what the protocol
    /// documents: its own path as argv[0], stdin from /dev/null, and no
    /// variable the gate's shell would add.
    @Test func theGateIsInvisibleToThePlugin() async throws {
        let directory = try TemporaryDirectory("launch")
        let service = try plugin(#"""
            printf '{"event":"result","argv0":"%s","stdin":"%s","environment":"%s"}\n' "$0" "$(readlink /proc/$$/fd/0)" \
              "$(tr '\0' ' ' < /proc/$$/environ)"
            """#, in: directory)
        let home = Home(url: directory.url.appending(path: "home"))
        let launcher = ["HOME": directory.url.appending(path: "user").path, "LAUNCHER_ONLY": "1"]
        let process = PluginProcess(service: service, arguments: ["one", "two words"], home: home, environment: launcher)
        let outcome = try await process.run(onLaunch: { _ in })
        struct Result: Decodable { var argv0: String; var stdin: String; var environment: String }
        let result = try outcome.decodeResult(Result.self)
        #expect(result.argv0 == service.executable.path)
        #expect(result.stdin == "/dev/null")
        let variables = result.environment.split(separator: " ").map(String.init)
        let names = Set(variables.compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(names == Set(process.environment().keys), "\(result.environment)")
        #expect(variables.contains("HOME=" + directory.url.appending(path: "user").path), "HOME is the launcher's given one, not the process's")
    }
}
