#if canImport(Glibc)
import Glibc
#endif

/// When a plugin that is still within its time limit counts as hung: it has
/// written no event for ``stallLimit``, or one of its processes has used
/// ``cpuLimit`` of processor time (by default, as much as the call's time
/// limit: a process busy all along, which no single thread outruns). A hostile archive can send a reader into
/// an endless loop (libarchive 3.6's xar reader on a double hard link), and
/// the time limit alone would let it burn a core for ten minutes.
public struct PluginWatchdog: Sendable, Hashable {
    /// The longest a plugin may go without writing an event: 20 s.
    public static let defaultStallLimit: Duration = .seconds(20)
    /// The default limits.
    public static let standard = PluginWatchdog()

    /// How long the plugin may go without writing an event line before its process group is stopped.
    public var stallLimit: Duration
    /// How much processor time each of the plugin's processes may use
    /// (`RLIMIT_CPU`); `nil` allows the call's time limit, so that a handler
    /// that declares a long `DBServiceTimeLimit` keeps it.
    public var cpuLimit: Duration?

    /// Creates a watchdog.
    ///
    /// - Parameters:
    ///   - stallLimit: How long the plugin may go without writing an event.
    ///   - cpuLimit: How much processor time each of its processes may use; `nil` for the call's time limit.
    public init(stallLimit: Duration = PluginWatchdog.defaultStallLimit, cpuLimit: Duration? = nil) {
        self.stallLimit = stallLimit
        self.cpuLimit = cpuLimit
    }

    /// The kernel ends a process past its soft limit with SIGXCPU, which the
    /// launcher reports as this limit; the hard limit, a moment later, is
    /// SIGKILL for a plugin that catches SIGXCPU and goes on.
    static let hardLimitGrace: rlim_t = 5

    /// The processor time allowed a call whose time limit is `timeLimit`, in whole seconds.
    func processorSeconds(timeLimit: Duration) -> Int64 {
        max(1, (cpuLimit ?? timeLimit).components.seconds)
    }

    /// The shell commands that put the processor-time limit on the gate
    /// before it execs the plugin (limits survive exec and are inherited),
    /// never above the launcher's own hard limit, which no unprivileged
    /// process may raise. Soft first: a hard limit below the soft one is refused.
    ///
    /// - Parameters:
    ///   - seconds: The soft limit, from ``processorSeconds(timeLimit:)``.
    ///   - own: The launcher's hard `RLIMIT_CPU`.
    /// - Returns: `ulimit` commands, joined by `&&`.
    static func processorTimeCommands(seconds: Int64, within own: rlim_t) -> String {
        let hard = min(own, rlim_t(seconds) + hardLimitGrace)
        let soft = min(rlim_t(seconds), hard)
        return "ulimit -S -t \(soft) && ulimit -H -t \(hard)"
    }

    /// The launcher's own hard `RLIMIT_CPU`.
    static var launcherHardLimit: rlim_t {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_CPU.rawValue), &limit) == 0 else { return rlim_t.max }
        return limit.rlim_max
    }
}
