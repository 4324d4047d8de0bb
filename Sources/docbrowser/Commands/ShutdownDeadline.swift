import Dispatch
import Foundation

/// How long `serve` drains after SIGINT or SIGTERM before it stops anyway.
/// The graceful shutdown waits for every open connection, and a browser
/// tab can hold one open (a keep-alive, an upload it is still sending): a
/// Ctrl-C, a service manager's stop and the tests' SIGTERM must end the
/// process in bounded time all the same, as `docker stop` bounds its own.
/// The sources watch the signals beside the server's own handling, which
/// they do not replace.
final class ShutdownDeadline {
    private let sources: [any DispatchSourceSignal]

    /// - Parameters:
    ///   - seconds: The drain allowed after the first signal.
    ///   - onExpiry: Says why the process stops; it then exits with 0.
    init(seconds: Double, onExpiry: @escaping @Sendable () -> Void) {
        // A queue of its own: the global queue's few threads can all be
        // blocked in a request's file work, and then neither the signal
        // nor the deadline would be seen (CI saw serve outlive 10 s).
        let queue = DispatchQueue(label: "docbrowser.serve.shutdown")
        sources = [SIGTERM, SIGINT].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + seconds) {
                    onExpiry()
                    exit(0)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
