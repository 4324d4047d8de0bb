#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// SIGINT and SIGTERM caught by a handler that writes each to a pipe, and
/// handed to `onSignal` on a thread of its own, for the commands that run
/// until the user stops them (`serve`, `watch`, `search --live`).
///
/// Not a Dispatch signal source: once a plugin or an extractor has run,
/// swift-subprocess's monitor thread waits with every signal unblocked,
/// the kernel may hand it the signal, and a source then never hears of
/// it. One `serve` in six ignored its SIGTERM after an upload that way.
/// The handler's write reaches the pipe from any thread. The handler stays
/// for the life of the process; while a plugin runs, PluginSignalForwarder
/// takes the signals over and passes each on to it.
final class SignalPipe: Sendable {
    /// Why the signals could not be caught, in words for the user.
    struct Uncaught: Error, CustomStringConvertible {
        var description: String
    }

    /// Catches `numbers` from now on.
    ///
    /// - Throws: ``Uncaught`` when no pipe can be made or a handler installed.
    init(catching numbers: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void) throws(Uncaught) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Uncaught(description: "no pipe to catch SIGINT and SIGTERM: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        for number in numbers where cdocshims_catch_into_pipe(number, ends[1]) != 0 {
            throw Uncaught(description: "signal \(number) cannot be caught: \(String(cString: strerror(errno)))")
        }
        let reader = ends[0]
        // Blocked in read(2) for the life of the process, which ends with it.
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count == 1 {
                    onSignal(Int32(byte))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
