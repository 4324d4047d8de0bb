#if canImport(Glibc)
import Glibc
#endif
import DocKit

/// SIGINT and SIGTERM for the commands that run until the user stops
/// them (`serve`, `watch`, `search --live`), through DocKit's
/// ``SignalPipe``: a Dispatch source missed them once a plugin or an
/// extractor had run (one `serve` in six ignored its SIGTERM).
enum StopSignals {
    /// Why the signals could not be caught, in words for the user.
    struct Uncaught: Error, CustomStringConvertible {
        var description: String
    }

    /// Calls `onSignal` with each SIGINT or SIGTERM from now on.
    ///
    /// - Throws: ``Uncaught`` when no pipe can be made or a handler installed.
    static func catchForever(onSignal: @escaping @Sendable (Int32) -> Void) throws(Uncaught) {
        guard SignalPipe.catchForever([SIGINT, SIGTERM], onSignal: onSignal) else {
            throw Uncaught(description: "SIGINT and SIGTERM cannot be caught: \(String(cString: strerror(errno)))")
        }
    }
}
