/// How a plugin run went wrong. Each case is a different story for the
/// user: the plugin refused, crashed, hung, babbled, or was cancelled.
public struct PluginError: DocKitError, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The plugin reported an error event (`kind` is its own verdict).
        case reported(kind: FailureKind, rule: String?, entry: String?, message: String)
        case exited(status: Int32, diagnostic: String?)
        case crashed(signal: Int32)
        case timedOut(seconds: Double)
        case outputCapExceeded(bytes: Int)
        case garbledOutput(line: String)
        case noResult
        case cannotLaunch(reason: String)
        case cancelled(signal: Int32)
    }

    public var plugin: String
    public var reason: Reason
    /// The file the plugin was working on, named first in the message.
    public var file: String?

    public init(plugin: String, reason: Reason, file: String? = nil) {
        self.plugin = plugin
        self.reason = reason
        self.file = file
    }

    public var kind: FailureKind {
        if case .reported(let kind, _, _, _) = reason { return kind }
        return .failed
    }

    public var description: String {
        file.map { "\($0): " + explanation } ?? explanation
    }

    private var explanation: String {
        switch reason {
        case .reported(_, _, _, let message): "\(plugin): \(message)"
        case .exited(let status, let diagnostic): "\(plugin) failed with exit status \(status)" + (diagnostic.map { ": \($0)" } ?? "")
        case .crashed(let signal): "\(plugin) crashed (signal \(signal))"
        case .timedOut(let seconds): "\(plugin) did not finish within its time limit of \(Int(seconds)) s and was stopped"
        case .outputCapExceeded(let bytes): "\(plugin) wrote more than \(bytes) bytes of output and was stopped"
        case .garbledOutput(let line): "\(plugin) broke the plugin protocol: not a JSON event: \(line)"
        case .noResult: "\(plugin) broke the plugin protocol: it exited without a result event"
        case .cannotLaunch(let reason): "\(plugin) cannot be started: \(reason)"
        case .cancelled(let signal): "\(plugin) was cancelled (signal \(signal))"
        }
    }
}
