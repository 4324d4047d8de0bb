import Dispatch
import Foundation

/// How long `serve` drains after SIGINT or SIGTERM before it stops anyway.
/// The graceful shutdown waits for every open connection, and a browser
/// tab can hold one open (a keep-alive, an upload it is still sending): a
/// Ctrl-C, a service manager's stop and the tests' SIGTERM must end the
/// process in bounded time all the same, as `docker stop` bounds its own.
final class ShutdownDeadline: Sendable {
    private let seconds: Double
    private let onExpiry: @Sendable () -> Void
    // A queue of its own: the global queue's few threads can all be
    // blocked in a request's file work, and then the deadline would not
    // be seen (CI saw serve outlive 10 s).
    private let queue = DispatchQueue(label: "docbrowser.serve.shutdown")

    /// - Parameters:
    ///   - seconds: The drain allowed after the first signal.
    ///   - onExpiry: Says why the process stops; it then exits with 0.
    init(seconds: Double, onExpiry: @escaping @Sendable () -> Void) {
        self.seconds = seconds
        self.onExpiry = onExpiry
    }

    /// A signal arrived: the drain starts, if it has not yet.
    func start() {
        queue.async { [self] in
            guard !started else { return }
            started = true
            queue.asyncAfter(deadline: .now() + seconds) { [onExpiry] in
                onExpiry()
                exit(0)
            }
        }
    }

    /// Read and written on `queue` only.
    private nonisolated(unsafe) var started = false
}
