#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// Runs one thumbnailer: its own session, so that stopping it stops what
/// it started; the files it writes capped by `RLIMIT_FSIZE` (SIGXFSZ at
/// the cap, as the kernel enforces it whatever the program does); its
/// processor time capped as a plugin's is; stopped at its time limit; its
/// stdout thrown away and its stderr kept only for the message.
struct ThumbnailerProcess: Sendable {
    /// The generator's name, for messages.
    var name: String
    /// The command line, program first (`bwrap` when sandboxed), as bytes:
    /// a file's name need not be UTF-8.
    var arguments: [[UInt8]]
    /// How long it may run before its process group is killed.
    var timeLimit: Duration
    /// The most bytes any one file it writes may hold.
    var outputCap: Int
    /// The variables it gets; nothing else of the launcher's.
    var environment: [String: String]

    /// `ulimit -f` counts 512-byte blocks in POSIX shells (dash, and bash as `sh`).
    static func fileSizeBlocks(for bytes: Int) -> Int { max(1, (bytes + 511) / 512) }

    private final class State: Sendable {
        let timedOut = Mutex(false)
        let diagnostics = Mutex(Data())
    }

    /// Runs the thumbnailer to its end.
    ///
    /// - Throws: ``DocKitError/Code/pluginFailed``: it could not start, timed out, wrote a file
    ///   past the cap, used too much processor time, crashed, exited non-zero
    ///   or was cancelled by SIGINT or SIGTERM sent to the launcher.
    func run() async throws(DocKitError) {
        let seconds = max(1, timeLimit.components.seconds)
        let gate = PluginWatchdog.processorTimeCommands(seconds: seconds, within: PluginWatchdog.launcherHardLimit)
            + " && ulimit -f \(Self.fileSizeBlocks(for: outputCap))"
            + #" || exit 125; unset PWD; exec "$0" "$@" </dev/null"#
        var options = PlatformOptions()
        options.createSession = true
        let state = State()
        let limit = timeLimit
        let status: TerminationStatus
        let forwarded: Int32?
        PluginSignalForwarder.shared.willLaunch()
        do {
            // swift-subprocess hands each byte argument to strdup(3), which
            // reads to a NUL: the arguments must carry their own.
            let execution = try await Subprocess.run(
                .path("/bin/sh"), arguments: Arguments(([Array("-c".utf8), Array(gate.utf8)] + arguments).map { $0 + [0] }),
                environment: .custom(Environment.Key.dictionary(environment)),
                workingDirectory: FilePath("/"), platformOptions: options,
                input: .none, output: .discarded, error: .sequence
            ) { execution in
                let group = execution.processIdentifier.value
                PluginSignalForwarder.shared.register(group)
                let timer = Task {
                    try await Task.sleep(for: limit)
                    state.timedOut.withLock { $0 = true }
                    kill(-group, SIGKILL)
                }
                do {
                    for try await buffer in execution.standardError {
                        buffer.withUnsafeBytes { bytes in
                            state.diagnostics.withLock { if $0.count < 65536 { $0.append(contentsOf: bytes) } }
                        }
                    }
                } catch {}
                timer.cancel()
                // Whatever it left running goes with it.
                kill(-group, SIGKILL)
                return PluginSignalForwarder.shared.unregister(group)
            }
            status = execution.terminationStatus
            forwarded = execution.closureResult
        } catch {
            if let held = PluginSignalForwarder.shared.launchFailed() {
                throw DocKitError(PluginError(plugin: name, reason: .cancelled(signal: held)))
            }
            throw DocKitError(PluginError(plugin: name, reason: .cannotLaunch(reason: "\(error)")))
        }
        if let forwarded { throw DocKitError(PluginError(plugin: name, reason: .cancelled(signal: forwarded))) }
        if state.timedOut.withLock({ $0 }) { throw DocKitError(PluginError(plugin: name, reason: .timedOut(seconds: Double(seconds)))) }
        switch status {
        case .exited(0):
            return
        // bwrap reports its child's death by a signal as 128 + the signal.
        case .signaled(SIGXFSZ), .exited(128 + SIGXFSZ):
            throw DocKitError(PluginError(plugin: name, reason: .outputCapExceeded(bytes: outputCap)))
        case .signaled(SIGXCPU), .exited(128 + SIGXCPU):
            throw DocKitError(PluginError(plugin: name, reason: .cpuLimitExceeded(seconds: Int(seconds))))
        case .signaled(let signal):
            throw DocKitError(PluginError(plugin: name, reason: .crashed(signal: signal)))
        case .exited(let code):
            let text = String(decoding: state.diagnostics.withLock { $0 }, as: UTF8.self)
            let lastLine = text.split(separator: "\n").last.map { String($0.prefix(200)) }
            throw DocKitError(PluginError(plugin: name, reason: .exited(status: code, diagnostic: lastLine)))
        }
    }
}
