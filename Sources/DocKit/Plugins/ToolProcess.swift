#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// One run of an outside tool the user has installed (poppler's
/// `pdfinfo`, `ffprobe`, `chafa`) on a document that may be hostile: in
/// a session of its own so that stopping it stops what it started, its
/// processor time limited as a plugin's is (``PluginWatchdog``), stdout
/// read up to a cap, and the whole group killed at the time limit.
struct ToolProcess: Sendable {
    /// Why a run gave no output to use; `description` is the note's wording.
    enum Failure: Error, Hashable, CustomStringConvertible {
        /// The tool is not in any directory of the search path.
        case notInstalled(tool: String)
        /// It could not be started.
        case cannotLaunch(tool: String, reason: String)
        /// It ran past the time limit and was stopped.
        case timedOut(tool: String, seconds: Int64)
        /// It wrote more than the cap and was stopped.
        case outputCapExceeded(tool: String, bytes: Int)
        /// It exited with a non-zero status; `diagnostic` is the last line of its stderr.
        case exited(tool: String, status: Int32, diagnostic: String?)
        /// A signal ended it.
        case crashed(tool: String, signal: Int32, diagnostic: String?)

        private static func quoted(_ diagnostic: String?) -> String {
            diagnostic.map { ": \(VisibleText.visible(Substring($0)))" } ?? ""
        }

        var description: String {
            switch self {
            case .notInstalled(let tool): "\(tool) is not installed"
            case .cannotLaunch(let tool, let reason): "\(tool) could not be started: \(reason)"
            case .timedOut(let tool, let seconds): "\(tool) did not finish within \(seconds) s and was stopped"
            case .outputCapExceeded(let tool, let bytes): "\(tool) wrote more than \(bytes) bytes and was stopped"
            case .exited(let tool, let status, let diagnostic):
                "\(tool) exited with status \(status)" + Self.quoted(diagnostic)
            case .crashed(let tool, let signal, let diagnostic):
                "\(tool) was ended by signal \(signal)" + Self.quoted(diagnostic)
            }
        }
    }

    /// The tool's name, looked up in ``searchPath``.
    var tool: String
    /// Its arguments.
    var arguments: [String]
    /// The directories searched for the tool, in order.
    var searchPath: [String]
    /// How long it may run before its process group is killed.
    var timeLimit: Duration
    /// The most stdout bytes read before it is stopped.
    var outputCap: Int
    /// Whether a run that reaches ``outputCap`` answers with the bytes up
    /// to the cap instead of failing: text extraction keeps the head of a
    /// long document, where a preview's answer would be broken.
    var keepsHead = false

    /// The tool's executable in the first directory of `searchPath` that has one.
    static func locate(_ tool: String, in searchPath: [String]) -> String? {
        for directory in searchPath where !directory.isEmpty {
            let candidate = directory.hasSuffix("/") ? directory + tool : directory + "/" + tool
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private final class Collector: Sendable {
        struct State {
            var output: [UInt8] = []
            var diagnostics: [UInt8] = []
            var capExceeded = false
            var timedOut = false
        }
        let state = Mutex(State())
    }

    /// Runs the tool to its end.
    ///
    /// - Returns: What it wrote to stdout.
    /// - Throws: ``Failure`` when it is not installed, cannot start, runs past
    ///   the limit or the cap, or ends with a failure.
    func run() async throws(Failure) -> [UInt8] {
        guard let executable = Self.locate(tool, in: searchPath) else { throw .notInstalled(tool: tool) }
        let collector = Collector()
        var options = PlatformOptions()
        options.createSession = true
        let cap = outputCap
        let keepsHead = self.keepsHead
        let limit = timeLimit
        let seconds = max(1, limit.components.seconds + (limit.components.attoseconds > 0 ? 1 : 0))
        let script = PluginWatchdog.processorTimeCommands(seconds: seconds, within: PluginWatchdog.launcherHardLimit)
            + #" || exit 125; exec "$0" "$@""#
        let environment = ["PATH": searchPath.joined(separator: ":"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let status: TerminationStatus
        do {
            status = try await Subprocess.run(
                .path("/bin/sh"),
                arguments: Arguments(["-c", script, executable] + arguments),
                environment: .custom(Environment.Key.dictionary(environment)),
                workingDirectory: FilePath("/"),
                platformOptions: options,
                input: .none,
                output: .sequence, error: .sequence
            ) { execution in
                let group = execution.processIdentifier.value
                let stop: @Sendable () -> Void = { kill(-group, SIGKILL) }
                await withTaskGroup(of: Void.self) { tasks in
                    tasks.addTask {
                        do {
                            for try await buffer in execution.standardOutput {
                                let over = buffer.withUnsafeBytes { bytes in
                                    collector.state.withLock { state in
                                        guard !state.capExceeded else { return false }
                                        guard state.output.count + bytes.count <= cap else {
                                            if keepsHead { state.output.append(contentsOf: bytes.prefix(cap - state.output.count)) }
                                            state.capExceeded = true
                                            return true
                                        }
                                        state.output.append(contentsOf: bytes)
                                        return false
                                    }
                                }
                                if over { stop() }
                            }
                        } catch {}
                    }
                    tasks.addTask {
                        do {
                            for try await buffer in execution.standardError {
                                buffer.withUnsafeBytes { bytes in
                                    collector.state.withLock { state in
                                        if state.diagnostics.count < 16384 { state.diagnostics.append(contentsOf: bytes) }
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
                    await tasks.waitForAll()
                    timer.cancel()
                }
                // Whatever it started goes with it.
                stop()
            }.terminationStatus
        } catch {
            throw .cannotLaunch(tool: tool, reason: "\(error)")
        }
        let state = collector.state.withLock { $0 }
        if state.timedOut { throw .timedOut(tool: tool, seconds: seconds) }
        // Stopped at the cap, the tool's status says nothing of the document.
        if state.capExceeded, keepsHead { return state.output }
        if state.capExceeded { throw .outputCapExceeded(tool: tool, bytes: cap) }
        let diagnostic = String(decoding: state.diagnostics, as: UTF8.self).split(separator: "\n").last.map(String.init)
        switch status {
        case .exited(0): return state.output
        case .exited(let code): throw .exited(tool: tool, status: code, diagnostic: diagnostic)
        case .signaled(let signal): throw .crashed(tool: tool, signal: signal, diagnostic: diagnostic)
        }
    }
}
