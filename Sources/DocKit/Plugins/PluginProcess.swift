#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// Runs one plugin call as docs/PLUGIN-PROTOCOL.md describes: argv only,
/// a minimal environment, its own process group; stdout read as JSON
/// Lines under a byte cap; stopped at its time limit. Whatever the plugin
/// does, the launcher gets a value or a typed ``DocKitError/Code/pluginFailed``.
struct PluginProcess: Sendable {
    /// The time limit when neither the caller nor the service sets one: 10 minutes.
    public static let defaultTimeLimit: Duration = .seconds(600)
    /// The most stdout bytes read before the plugin is stopped: 16 MiB.
    public static let defaultOutputCap = 16 << 20

    /// The plugin to run: its executable, leading arguments and time limit.
    public var service: PluginService
    /// The call's arguments, after the service's leading arguments.
    public var arguments: [String]
    /// The home given to the plugin as `DOCBROWSER_HOME`, whose `tmp` becomes its `TMPDIR`; `nil` sets neither.
    public var home: Home?
    /// The launcher's environment, such as ``DocumentLibrary/environment``,
    /// of which the plugin gets only `HOME`.
    public var launcherEnvironment: [String: String]
    /// How long the plugin may run before its process group is stopped.
    public var timeLimit: Duration
    /// The most bytes of stdout read before the plugin is stopped.
    public var outputCap: Int
    /// The directory the plugin starts in; `/` by default.
    public var workingDirectory: URL
    /// How long the plugin may go without an event, and how much processor time it may use.
    public var watchdog: PluginWatchdog

    /// Prepares a call; nothing runs until ``run(progress:onLaunch:)``.
    ///
    /// - Parameters:
    ///   - service: The plugin to run.
    ///   - arguments: The call's arguments.
    ///   - home: The home to pass to the plugin, or `nil`.
    ///   - environment: The launcher's environment, of which only `HOME` is passed on.
    ///   - timeLimit: The time limit; `nil` takes the service's, else ``defaultTimeLimit``.
    ///   - outputCap: The most stdout bytes read.
    ///   - workingDirectory: The directory the plugin starts in.
    ///   - watchdog: How long the plugin may go without an event, and how much processor time it may use.
    public init(service: PluginService, arguments: [String], home: Home?, environment: [String: String], timeLimit: Duration? = nil,
                outputCap: Int = PluginProcess.defaultOutputCap, workingDirectory: URL = URL(fileURLWithPath: "/"),
                watchdog: PluginWatchdog = .standard) {
        self.service = service
        self.arguments = arguments
        self.home = home
        launcherEnvironment = environment
        self.timeLimit = timeLimit ?? service.timeLimit ?? Self.defaultTimeLimit
        self.outputCap = outputCap
        self.workingDirectory = workingDirectory
        self.watchdog = watchdog
    }

    /// What a successful call answered: its result line, and the events
    /// other than progress (a listing's entries, warnings) in order.
    public struct Outcome: Sendable {
        /// The JSON of the result event, as the plugin wrote it.
        public var result: Data
        /// The events other than progress, result and error (a listing's entries, warnings), in the order written.
        public var events: [PluginEvent]

        /// Decodes the result event.
        ///
        /// - Parameter type: The type the result decodes to.
        /// - Returns: The decoded result.
        /// - Throws: `DecodingError` when the result does not have that shape.
        public func decodeResult<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: result)
        }
    }

    /// The documented environment, and nothing else of ``launcherEnvironment``.
    ///
    /// - Returns: `PATH`, `LANG`, `LC_ALL`, `DOCBROWSER_PLUGIN_PROTOCOL`, `HOME` when inherited, and with a
    ///   home, `DOCBROWSER_HOME` and `TMPDIR`.
    public func environment() -> [String: String] {
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "DOCBROWSER_PLUGIN_PROTOCOL": "1",
        ]
        if let user = launcherEnvironment["HOME"] { environment["HOME"] = user }
        if let home {
            environment["DOCBROWSER_HOME"] = home.url.path
            environment["TMPDIR"] = home.temporaryDirectory.path
        }
        return environment
    }

    private final class Collector: Sendable {
        struct State {
            var events: [PluginEvent] = []
            var result: Data?
            var reported: PluginReportedError?
            var garbage: String?
            var capExceeded = false
            var timedOut = false
            var stalled = false
            /// When the plugin last wrote an event line, or was let run.
            var lastEvent = ContinuousClock.now
            var diagnostics = Data()
            var launched = false
            /// Why `onLaunch` failed; the plugin was never let run.
            var unrecorded: String?
        }
        let state = Mutex(State())
    }

    /// The plugin is started through this /bin/sh script, in the plugin's
    /// session: it waits for a line on stdin, then execs the plugin (same
    /// pid, session and start time) with stdin from /dev/null and the
    /// environment as given. The line is sent only once `onLaunch` has
    /// recorded the process: when a launcher is killed before that, its end
    /// closes and the gate exits without ever running the plugin, so no
    /// plugin runs that a journal does not name. It first puts the
    /// watchdog's processor-time limit on itself, which the plugin keeps.
    static func gate(processorSeconds: Int64) -> String {
        PluginWatchdog.processorTimeCommands(seconds: processorSeconds, within: PluginWatchdog.launcherHardLimit)
            + #" || exit 125; IFS= read -r _ || exit 125; unset PWD; exec "$0" "$@" </dev/null"#
    }

    /// `onLaunch` is given the plugin's process as soon as it exists, before
    /// the plugin itself runs; should it throw, the plugin never runs and
    /// the call fails as one that could not start.
    ///
    /// - Parameters:
    ///   - progress: Called with each progress event, as it arrives.
    ///   - onLaunch: Called with the plugin's process before the plugin runs, or `nil`.
    /// - Returns: The result line and the other events.
    /// - Throws: ``DocKitError/Code/pluginFailed``: it could not start (or `onLaunch` threw); it was
    ///   cancelled by a signal, timed out, went too long without an event or used too
    ///   much processor time, passed the output cap, wrote a line that is not an event,
    ///   crashed, reported an error, exited non-zero, or gave no result.
    public func run(progress: @escaping @Sendable (PluginProgress) -> Void = { _ in },
                    onLaunch: (@Sendable (ProcessIdentity) async throws -> Void)? = nil) async throws(DocKitError) -> Outcome {
        let collector = Collector()
        let name = service.identifier
        var options = PlatformOptions()
        // A session of its own makes the plugin a process group leader, so
        // stopping it also stops whatever it started.
        options.createSession = true
        let cap = outputCap
        let limit = timeLimit
        let watchdog = watchdog
        let processorSeconds = watchdog.processorSeconds(timeLimit: limit)
        // The documented TMPDIR must exist: libarchive's 7-Zip writer, for
        // one, fails without it.
        if let home { try? FileSystem.createDirectory(RawPath(home.temporaryDirectory), mode: 0o700) }
        // Checked here, since the gate is what gets spawned.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: service.executable.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              access(service.executable.path, X_OK) == 0 else {
            throw DocKitError(PluginError(plugin: name, reason: .cannotLaunch(reason: "\(service.executable.path) is missing or not executable")))
        }
        // A socket, not a pipe: writing to a gate that died meanwhile (of a
        // forwarded Ctrl-C) fails with EPIPE instead of killing the launcher
        // with SIGPIPE.
        var gateEnds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &gateEnds) == 0 else {
            throw DocKitError(PluginError(plugin: name, reason: .cannotLaunch(reason: "no socket for its start: \(String(cString: strerror(errno)))")))
        }
        let opener = gateEnds[0]
        defer { close(opener) }
        let status: TerminationStatus
        var forwarded: Int32?
        PluginSignalForwarder.shared.willLaunch()
        do {
            let execution = try await Subprocess.run(
                .path("/bin/sh"),
                arguments: Arguments(["-c", Self.gate(processorSeconds: processorSeconds), service.executable.path] + service.leadingArguments + arguments),
                environment: .custom(Environment.Key.dictionary(environment())),
                workingDirectory: FilePath(workingDirectory.path),
                platformOptions: options,
                input: .fileDescriptor(FileDescriptor(rawValue: gateEnds[1]), closeAfterSpawningProcess: true),
                output: .sequence, error: .sequence
            ) { execution in
                let group = execution.processIdentifier.value
                collector.state.withLock { $0.launched = true }
                PluginSignalForwarder.shared.register(group)
                let stop: @Sendable () -> Void = { kill(-group, SIGKILL) }
                var failure: String?
                if let onLaunch {
                    CrashPoint.reached("plugin-spawned")
                    // Read before the body returns: until then the plugin
                    // is not reaped, so its number is still its own.
                    if let identity = ProcessIdentity(pid: group) {
                        do { try await onLaunch(identity) } catch { failure = "\(error)" }
                    } else {
                        failure = "its process \(group) cannot be identified through /proc"
                    }
                }
                if let failure {
                    collector.state.withLock { $0.unrecorded = failure }
                    stop()
                } else {
                    collector.state.withLock { $0.lastEvent = .now }
                    var line = UInt8(ascii: "\n")
                    _ = send(opener, &line, 1, Int32(MSG_NOSIGNAL))
                    CrashPoint.reached("plugin-running")
                }
                await withTaskGroup(of: Void.self) { tasks in
                    tasks.addTask {
                        try? await Self.readEvents(execution.standardOutput, cap: cap, collector: collector, stop: stop, progress: progress)
                    }
                    tasks.addTask {
                        do {
                            for try await buffer in execution.standardError {
                                buffer.withUnsafeBytes { bytes in
                                    collector.state.withLock { state in
                                        if state.diagnostics.count < 65536 { state.diagnostics.append(contentsOf: bytes) }
                                    }
                                }
                            }
                        } catch {}
                    }
                    let timer = Task {
                        try await Task.sleep(for: limit)
                        collector.state.withLock { $0.timedOut = true }
                        stop()
                    }
                    let sentry = Task {
                        while true {
                            let quiet = ContinuousClock.now - collector.state.withLock { $0.lastEvent }
                            if quiet >= watchdog.stallLimit {
                                collector.state.withLock { $0.stalled = true }
                                stop()
                                return
                            }
                            try await Task.sleep(for: watchdog.stallLimit - quiet)
                        }
                    }
                    await tasks.waitForAll()
                    timer.cancel()
                    sentry.cancel()
                }
                // What the plugin started goes with it: a plugin ended by
                // SIGXCPU, or one that crashed, leaves its children behind.
                // Not yet reaped, it still holds its number as a group.
                stop()
                return PluginSignalForwarder.shared.unregister(group)
            }
            status = execution.terminationStatus
            forwarded = execution.closureResult
        } catch {
            if !collector.state.withLock({ $0.launched }), let held = PluginSignalForwarder.shared.launchFailed() {
                throw DocKitError(PluginError(plugin: name, reason: .cancelled(signal: held)))
            }
            throw DocKitError(PluginError(plugin: name, reason: .cannotLaunch(reason: "\(service.executable.path): \(error)")))
        }
        let state = collector.state.withLock { $0 }
        if let unrecorded = state.unrecorded { throw DocKitError(PluginError(plugin: name, reason: .cannotLaunch(reason: unrecorded))) }
        if let forwarded { throw DocKitError(PluginError(plugin: name, reason: .cancelled(signal: forwarded))) }
        if state.timedOut { throw DocKitError(PluginError(plugin: name, reason: .timedOut(seconds: Double(limit.components.seconds)))) }
        if state.stalled { throw DocKitError(PluginError(plugin: name, reason: .stalled(seconds: Int(watchdog.stallLimit.components.seconds)))) }
        if case .signaled(SIGXCPU) = status {
            throw DocKitError(PluginError(plugin: name, reason: .cpuLimitExceeded(seconds: Int(processorSeconds))))
        }
        if state.capExceeded { throw DocKitError(PluginError(plugin: name, reason: .outputCapExceeded(bytes: cap))) }
        if let garbage = state.garbage { throw DocKitError(PluginError(plugin: name, reason: .garbledOutput(line: garbage))) }
        if case .signaled(let signal) = status { throw DocKitError(PluginError(plugin: name, reason: .crashed(signal: signal))) }
        if let reported = state.reported {
            throw DocKitError(PluginError(plugin: name, reason: .reported(kind: reported.failureKind, rule: reported.rule, entry: reported.entry, message: reported.message)))
        }
        if case .exited(let code) = status, code != 0 {
            let lastLine = String(decoding: state.diagnostics, as: UTF8.self).split(separator: "\n").last.map(String.init)
            throw DocKitError(PluginError(plugin: name, reason: .exited(status: code, diagnostic: lastLine)))
        }
        guard let result = state.result else { throw DocKitError(PluginError(plugin: name, reason: .noResult)) }
        return Outcome(result: result, events: state.events)
    }

    /// Splits stdout into lines as it arrives; stops the plugin at the
    /// first line that is not an event, or once it has written `cap` bytes.
    private static func readEvents(_ output: SubprocessOutputSequence, cap: Int, collector: Collector,
                                   stop: @Sendable () -> Void, progress: @Sendable (PluginProgress) -> Void) async throws {
        var pending = Data()
        var total = 0
        var stopped = false
        for try await buffer in output {
            if stopped { continue }
            total += buffer.count
            guard total <= cap else {
                collector.state.withLock { $0.capExceeded = true }
                stop()
                stopped = true
                continue
            }
            buffer.withUnsafeBytes { pending.append(contentsOf: $0) }
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                collector.state.withLock { $0.lastEvent = .now }
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                guard let event = PluginEvent(line: Data(line)) else {
                    collector.state.withLock { $0.garbage = String(decoding: line.prefix(120), as: UTF8.self) }
                    stop()
                    stopped = true
                    break
                }
                switch event {
                case .progress(let value): progress(value)
                case .result(let data): collector.state.withLock { $0.result = data }
                case .error(let error): collector.state.withLock { $0.reported = error }
                case .other: collector.state.withLock { $0.events.append(event) }
                }
            }
        }
        if !stopped, !pending.isEmpty, PluginEvent(line: pending) == nil,
           !pending.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
            collector.state.withLock { $0.garbage = String(decoding: pending.prefix(120), as: UTF8.self) }
        }
    }
}

extension Environment.Key {
    static func dictionary(_ values: [String: String]) -> [Environment.Key: String] {
        Dictionary(uniqueKeysWithValues: values.map { (Environment.Key(stringLiteral: $0.key), $0.value) })
    }
}

extension Home {
    /// Staging areas and temporaries of plugin calls.
    public var temporaryDirectory: URL { url.appending(path: "tmp", directoryHint: .isDirectory) }
}
