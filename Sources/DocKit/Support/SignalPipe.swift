#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// Signals caught by a C handler that writes each one's number to a pipe
/// (CDocShims' signalpipe.c), and handed on by a thread that reads it.
///
/// Not Dispatch signal sources: the kernel runs a process's handler on
/// whichever thread does not block the signal, swift-subprocess's monitor
/// thread waits with none blocked, and a signal taken over with SIG_IGN
/// while another source listened was lost. A write reaches the pipe from
/// any thread.
package enum SignalPipe {
    /// A new pipe whose reader calls `onSignal` with each number written
    /// to it, on a thread of its own for the life of the process, which
    /// ends with it.
    ///
    /// - Returns: The pipe's write end, or -1 with errno set.
    static func writeEnd(onSignal: @escaping @Sendable (Int32) -> Void) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reader = ends[0]
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
        return ends[1]
    }

    /// Catches `numbers` from now on, for the life of the process, and
    /// calls `onSignal` with each that arrives. While a plugin runs,
    /// ``PluginSignalForwarder`` takes them over and passes each it
    /// receives on to this handler too.
    ///
    /// - Returns: `false`, with errno set, when no pipe can be made or a
    ///   signal cannot be caught.
    package static func catchForever(_ numbers: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) -> Bool {
        let pipe = writeEnd(onSignal: onSignal)
        guard pipe >= 0 else { return false }
        return numbers.allSatisfy { cdocshims_catch_into_pipe($0, pipe) == 0 }
    }
}
