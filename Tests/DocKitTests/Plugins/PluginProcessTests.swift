@testable import DocKit
import Foundation
import Synchronization
import Testing

/// Script plugins that misbehave in every way the launcher must tell apart.
@Suite("PluginProcess runs plugins and reports each failure distinctly")
struct PluginProcessTests {
    private func plugin(_ script: String, in directory: TemporaryDirectory) throws -> PluginService {
        let url = try directory.write("#!/bin/sh\n" + script + "\n", to: "plugin.sh")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return PluginService(identifier: "org.example.test", executable: url)
    }

    private func failure(_ script: String, timeLimit: Duration? = nil, outputCap: Int = 1 << 20,
                         watchdog: PluginWatchdog = .standard) async throws -> PluginError.Reason? {
        let directory = try TemporaryDirectory("plugin")
        let process = PluginProcess(service: try plugin(script, in: directory), arguments: [], home: nil, environment: [:], timeLimit: timeLimit, outputCap: outputCap,
                                    watchdog: watchdog)
        do {
            _ = try await process.run()
            return nil
        } catch {
            #expect(error.description.hasPrefix("org.example.test"))
            #expect(!error.description.contains("\n"))
            return error.failure(as: PluginError.self)?.reason
        }
    }

    @Test func decodesProgressAndTheResult() async throws {
        let directory = try TemporaryDirectory("plugin")
        let service = try plugin("""
            echo '{"event":"progress","bytes":10,"totalBytes":20}'
            echo '{"event":"entry","name":"a"}'
            echo '{"event":"progress","bytes":20,"totalBytes":20,"item":"x"}'
            echo "args $*" >&2
            echo '{"event":"result","entries":2,"home":"'"$DOCBROWSER_HOME"'","protocol":"'"$DOCBROWSER_PLUGIN_PROTOCOL"'","secret":"'"$SECRET_TOKEN"'"}'
            """, in: directory)
        let seen = Mutex<[PluginProgress]>([])
        let home = Home(url: directory.url.appending(path: "home"))
        setenv("SECRET_TOKEN", "leaked", 1)
        let outcome = try await PluginProcess(service: service, arguments: ["export", "a b"], home: home, environment: [:]).run { progress in
            seen.withLock { $0.append(progress) }
        }
        #expect(seen.withLock { $0 } == [PluginProgress(bytes: 10, totalBytes: 20), PluginProgress(bytes: 20, totalBytes: 20, item: "x")])
        struct Result: Decodable { var entries: Int; var home: String; var `protocol`: String; var secret: String }
        let result = try outcome.decodeResult(Result.self)
        #expect(result.entries == 2)
        #expect(result.home == home.url.path)
        #expect(result.protocol == "1")
        #expect(result.secret.isEmpty, "the launcher's environment is not passed on")
        #expect(outcome.events.count == 1)
    }

    @Test func aCrashIsReportedWithItsSignal() async throws {
        #expect(try await failure("echo '{\"event\":\"progress\"}'; kill -SEGV $$") == .crashed(signal: SIGSEGV))
    }

    @Test func aHangIsCutOffAtTheTimeLimit() async throws {
        #expect(try await failure("sleep 600", timeLimit: .seconds(1)) == .timedOut(seconds: 1))
    }

    @Test func aPluginSilentPastTheStallLimitIsStopped() async throws {
        let reason = try await failure("echo '{\"event\":\"progress\"}'; while :; do :; done", watchdog: PluginWatchdog(stallLimit: .seconds(1)))
        #expect(reason == .stalled(seconds: 1))
        #expect(PluginError(plugin: "org.example.test", reason: .stalled(seconds: 1), file: "/a/Comic.xar").description
                == "/a/Comic.xar: org.example.test made no progress for 1 s and was stopped")
        #expect(DocKitError(PluginError(plugin: "org.example.test", reason: .stalled(seconds: 1))).code == .pluginStopped)
    }

    /// Every event is a sign of life, not only progress: a listing's entries count too.
    @Test func eventsMoreOftenThanTheStallLimitKeepItRunning() async throws {
        let reason = try await failure("""
            for i in 1 2 3 4 5 6; do echo '{"event":"entry","name":"a"}'; sleep 0.5; done
            echo '{"event":"result"}'
            """, watchdog: PluginWatchdog(stallLimit: .seconds(2)))
        #expect(reason == nil)
    }

    @Test func aPluginPastItsProcessorTimeIsStopped() async throws {
        // It sends progress all along: only the processor time stops it.
        let reason = try await failure("""
            while :; do echo '{"event":"progress"}'; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done
            """, watchdog: PluginWatchdog(stallLimit: .seconds(60), cpuLimit: .seconds(1)))
        #expect(reason == .cpuLimitExceeded(seconds: 1))
        #expect(PluginError(plugin: "org.example.test", reason: .cpuLimitExceeded(seconds: 1)).description
                == "org.example.test used 1 s of processor time without finishing and was stopped")
    }

    @Test func garbageOnStdoutBreaksTheProtocol() async throws {
        let reason = try await failure("echo 'Extracting files...'; echo '{\"event\":\"result\"}'")
        #expect(reason == .garbledOutput(line: "Extracting files..."))
    }

    @Test func outputPastTheCapIsStopped() async throws {
        let reason = try await failure("while true; do echo '{\"event\":\"progress\",\"bytes\":1}'; done", outputCap: 64 << 10)
        #expect(reason == .outputCapExceeded(bytes: 64 << 10))
    }

    @Test func aReportedErrorKeepsItsKindRuleAndEntry() async throws {
        let reason = try await failure("""
            echo '{"event":"error","kind":"refused","rule":"parent-component","entry":"../x","message":"entry ../x refused"}'
            exit 5
            """)
        #expect(reason == .reported(kind: .refused, rule: "parent-component", entry: "../x", message: "entry ../x refused"))
    }

    @Test func aSilentNonZeroExitCarriesItsLastDiagnostic() async throws {
        #expect(try await failure("echo 'first' >&2; echo 'disk full' >&2; exit 7") == .exited(status: 7, diagnostic: "disk full"))
    }

    @Test func successWithoutAResultBreaksTheProtocol() async throws {
        #expect(try await failure("echo '{\"event\":\"progress\"}'") == .noResult)
    }

    @Test func aMissingExecutableCannotBeLaunched() async throws {
        let service = PluginService(identifier: "org.example.none", executable: URL(fileURLWithPath: "/nonexistent/plugin"))
        await #expect(throws: DocKitError.self) { try await PluginProcess(service: service, arguments: [], home: nil, environment: [:]).run() }
    }
}
