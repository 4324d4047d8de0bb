#if canImport(Glibc)
import Glibc
#endif

/// The process's own resource limits.
enum ResourceLimits {
    /// Raises the soft limit on open descriptors to the hard one, as Go's
    /// runtime does at start: the soft default of 1,024 is a relic of
    /// select(2), which nothing here uses. Returns the limit now in force.
    static func raisedOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
