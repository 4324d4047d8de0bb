/// How a plugin run went wrong. Each case is a different story for the
/// user: the plugin refused, crashed, hung, babbled, or was cancelled.
struct PluginError: DocKitFailure, Hashable {
    /// What went wrong.
    enum Reason: Sendable, Hashable {
        /// The plugin reported an error event (`kind` is its own verdict).
        case reported(kind: FailureKind, rule: String?, entry: String?, message: String)
        /// It exited non-zero without an error event; `diagnostic` is the last line of its stderr.
        case exited(status: Int32, diagnostic: String?)
        /// A signal killed it.
        case crashed(signal: Int32)
        /// It ran past its time limit and was stopped.
        case timedOut(seconds: Double)
        /// It wrote no event for `seconds` (``PluginWatchdog/stallLimit``) and was stopped.
        case stalled(seconds: Int)
        /// One of its processes used `seconds` of processor time (``PluginWatchdog/cpuLimit``) and was stopped.
        case cpuLimitExceeded(seconds: Int)
        /// It wrote more than `bytes` of stdout and was stopped.
        case outputCapExceeded(bytes: Int)
        /// It wrote a stdout line that is not a JSON event, or a result of the wrong shape.
        case garbledOutput(line: String)
        /// It exited 0 without a result event.
        case noResult
        /// It could not be started: missing, not executable, or its launch could not be recorded.
        case cannotLaunch(reason: String)
        /// The launcher received `signal` (SIGINT or SIGTERM) and passed it on to the plugin.
        case cancelled(signal: Int32)
    }

    /// The plugin's identifier, named in the message.
    var plugin: String
    /// What went wrong.
    var reason: Reason
    /// The file the plugin was working on, named first in the message.
    var file: String?

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - plugin: The plugin's identifier.
    ///   - reason: What went wrong.
    ///   - file: The file it was working on, or `nil`.
    init(plugin: String, reason: Reason, file: String? = nil) {
        self.plugin = plugin
        self.reason = reason
        self.file = file
    }

    var code: DocKitError.Code {
        switch reason {
        case .reported(let kind, _, _, _):
            switch kind {
            case .notFound: .notFound
            case .conflict: .alreadyExists
            case .refused: .refused
            case .invalidInput: .malformed
            case .failed: .pluginFailed
            }
        case .stalled, .cpuLimitExceeded: .pluginStopped
        case .cancelled: .cancelled
        default: .pluginFailed
        }
    }

    var document: String? { file ?? plugin }

    var signal: Int32? {
        if case .cancelled(let signal) = reason { return signal }
        return nil
    }

    /// One line: the file, if any, then the plugin and what went wrong.
    var description: String {
        file.map { "\($0): " + explanation } ?? explanation
    }

    private var explanation: String {
        switch reason {
        case .reported(_, _, _, let message): "\(plugin): \(message)"
        case .exited(let status, let diagnostic): "\(plugin) failed with exit status \(status)" + (diagnostic.map { ": \($0)" } ?? "")
        case .crashed(let signal): "\(plugin) crashed (signal \(signal))"
        case .timedOut(let seconds): "\(plugin) did not finish within its time limit of \(Int(seconds)) s and was stopped"
        case .stalled(let seconds): "\(plugin) made no progress for \(seconds) s and was stopped"
        case .cpuLimitExceeded(let seconds): "\(plugin) used \(seconds) s of processor time without finishing and was stopped"
        case .outputCapExceeded(let bytes): "\(plugin) wrote more than \(bytes) bytes of output and was stopped"
        case .garbledOutput(let line): "\(plugin) broke the plugin protocol: not a JSON event: \(line)"
        case .noResult: "\(plugin) broke the plugin protocol: it exited without a result event"
        case .cannotLaunch(let reason): "\(plugin) cannot be started: \(reason)"
        case .cancelled(let signal): "\(plugin) was cancelled (signal \(signal))"
        }
    }
}
