import Dispatch
import Foundation

/// Commands that run until the user stops them (`watch`, `search --live`):
/// SIGINT and SIGTERM cancel the work, and the command ends with status 0
/// rather than being killed mid-line.
enum UntilInterrupted {
    static func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let work = Task { try await body() }
        // Caught through a pipe (StopSignals): a live search runs
        // extractors, after which a Dispatch source could miss the signal.
        try StopSignals.catchForever { _ in work.cancel() }
        do {
            try await work.value
        } catch is CancellationError {
            return
        }
    }
}
