import Synchronization

/// The progress events of one extraction, sent by whichever thread is
/// working: between entries, and while one entry's data is copied, so that
/// a single large file still reports every tenth of a second or so and the
/// launcher's watchdog (no event for `plugins.stall-seconds` seconds) never
/// takes honest work for a hang. Each figure only grows, though the two
/// threads of a zip read at different places.
final class ExtractionProgress: Sendable {
    private struct State {
        var throttle = ProgressThrottle()
        var consumed: Int64 = 0
        var entries = 0
    }

    private let state = Mutex(State())
    private let events: EventStream
    private let archiveBytes: Int64

    init(events: EventStream, archiveBytes: Int64) {
        self.events = events
        self.archiveBytes = archiveBytes
    }

    /// Sends an event unless one went out less than a tenth of a second ago.
    ///
    /// - Parameters:
    ///   - consumed: Archive bytes the reporting reader has consumed.
    ///   - entries: Entries the reporting reader has read.
    ///   - item: The entry being extracted.
    func report(consumed: Int64, entries: Int, item: String?) {
        state.withLock { state in
            state.consumed = max(state.consumed, consumed)
            state.entries = max(state.entries, entries)
            guard state.throttle.shouldEmit() else { return }
            // Under the lock, so that two threads' lines never interleave.
            events.emit(ProgressEvent(bytes: state.consumed, totalBytes: archiveBytes, entries: state.entries, totalEntries: nil, item: item))
        }
    }
}
