#if canImport(Glibc)
import Glibc
#endif

/// When a plugin that is still within its time limit counts as hung: it has
/// written no event for ``stallLimit``, or one of its processes has used
/// ``cpuLimit`` of processor time. A hostile archive can send a reader into
/// an endless loop (libarchive 3.6's xar reader on a double hard link), and
/// the time limit alone would let it burn a core for ten minutes.
public struct PluginWatchdog: Sendable, Hashable {
    /// The longest a plugin may go without writing an event: 20 s.
    public static let defaultStallLimit: Duration = .seconds(20)
    /// The most processor time one of a plugin's processes may use: 600 s,
    /// the default time limit, since one thread busy for all of it is the
    /// most honest single-threaded work can need.
    public static let defaultCPULimit: Duration = .seconds(600)
    /// The default limits.
    public static let standard = PluginWatchdog()

    /// How long the plugin may go without writing an event line before its process group is stopped.
    public var stallLimit: Duration
    /// How much processor time each of the plugin's processes may use (`RLIMIT_CPU`).
    public var cpuLimit: Duration

    /// Creates a watchdog.
    ///
    /// - Parameters:
    ///   - stallLimit: How long the plugin may go without writing an event.
    ///   - cpuLimit: How much processor time each of its processes may use.
    public init(stallLimit: Duration = PluginWatchdog.defaultStallLimit, cpuLimit: Duration = PluginWatchdog.defaultCPULimit) {
        self.stallLimit = stallLimit
        self.cpuLimit = cpuLimit
    }

    /// The kernel ends a process past its soft limit with SIGXCPU, which the
    /// launcher reports as this limit; the hard limit, a moment later, is
    /// SIGKILL for a plugin that catches SIGXCPU and goes on.
    static let hardLimitGrace: rlim_t = 5

    /// The shell commands that put ``cpuLimit`` on the gate before it execs
    /// the plugin (limits survive exec and are inherited), never above the
    /// launcher's own hard limit, which no unprivileged process may raise.
    /// Soft first: a hard limit below the soft one is refused.
    ///
    /// - Parameter own: The launcher's hard `RLIMIT_CPU`.
    /// - Returns: `ulimit` commands, joined by `&&`.
    func processorTimeCommands(within own: rlim_t) -> String {
        let hard = min(own, rlim_t(max(1, cpuLimit.components.seconds)) + Self.hardLimitGrace)
        let soft = min(rlim_t(max(1, cpuLimit.components.seconds)), hard)
        return "ulimit -S -t \(soft) && ulimit -H -t \(hard)"
    }

    /// The launcher's own hard `RLIMIT_CPU`.
    static var launcherHardLimit: rlim_t {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_CPU.rawValue), &limit) == 0 else { return rlim_t.max }
        return limit.rlim_max
    }
}
