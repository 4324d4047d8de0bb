import Synchronization

/// The bytes an extraction has written so far, counted by every thread
/// that writes, so that the total-size and whole-archive ratio limits hold
/// however the entries are shared out.
///
/// Two counts: the files' sizes (`value`, which the size limit holds), and
/// the data the archive stored for them (`stored`, which the ratio limit
/// holds): a sparse file's holes take no room in the archive, and none on
/// disk, so they are no sign of a bomb.
final class WrittenBytes: Sendable {
    private let total = Atomic<Int64>(0)
    private let data = Atomic<Int64>(0)

    var value: Int64 { total.load(ordering: .relaxed) }

    /// Adds `count` to the files' sizes and returns the new total.
    func add(_ count: Int64) -> Int64 {
        total.add(count, ordering: .relaxed).newValue
    }

    /// Adds `count` bytes of stored data and returns the new total.
    func addStored(_ count: Int64) -> Int64 {
        data.add(count, ordering: .relaxed).newValue
    }
}
