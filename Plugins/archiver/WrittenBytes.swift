import Synchronization

/// The bytes an extraction has written so far, counted by every thread
/// that writes, so that the total-size and whole-archive ratio limits hold
/// however the entries are shared out.
final class WrittenBytes: Sendable {
    private let total = Atomic<Int64>(0)

    var value: Int64 { total.load(ordering: .relaxed) }

    /// Adds `count` and returns the new total.
    func add(_ count: Int64) -> Int64 {
        total.add(count, ordering: .relaxed).newValue
    }
}
