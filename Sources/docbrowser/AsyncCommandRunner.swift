import ArgumentParser
import Dispatch
import Synchronization

/// Runs a command that waits (on a plugin, an app, a sync engine) from the
/// synchronous entry point: its task runs on Swift's concurrency threads
/// while the main thread blocks until it ends. Nothing in docbrowser runs
/// on the main actor, so the blocked main thread holds up no task.
enum AsyncCommandRunner {
    static func run(_ command: sending any AsyncParsableCommand) throws {
        let ended = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            var command = command
            do {
                try await command.run()
            } catch {
                outcome.failure.withLock { $0 = error }
            }
            ended.signal()
        }
        ended.wait()
        if let failure = outcome.failure.withLock({ $0 }) { throw failure }
    }

    private final class Outcome: Sendable {
        let failure = Mutex<(any Error)?>(nil)
    }
}
