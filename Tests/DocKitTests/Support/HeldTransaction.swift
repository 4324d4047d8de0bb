import Foundation
import GRDB
import Testing

/// A write transaction held open, not committed, on one connection, as a
/// scan's batch is while it is being written: for showing that other work
/// does not wait for it.
enum HeldTransaction {
    /// Runs `work` on another thread while a transaction that has run
    /// `sql` is held open on `queue`; then commits it.
    ///
    /// - Returns: Whether `work` finished within 20 s, while the
    ///   transaction was still open.
    static func work(_ work: @escaping @Sendable () -> Void, finishesWhile sql: String, arguments: StatementArguments = [], isOpenOn queue: DatabaseQueue) throws -> Bool {
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? queue.write { db in
                try db.execute(sql: sql, arguments: arguments)
                writing.signal()
                release.wait()
            }
            written.signal()
        }
        try #require(writing.wait(timeout: .now() + 20) == .success, "the write did not start")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            done.signal()
        }
        let finished = done.wait(timeout: .now() + 20) == .success
        release.signal()
        written.wait()
        if !finished { done.wait() }
        return finished
    }
}
