import ArchiveChecks
import Dispatch
import Foundation

/// The progress events of one export: bytes and entries done so far,
/// throttled, named by the entry being written.
struct ExportProgress {
    private var event: ProgressEvent
    private var throttle = ProgressThrottle()
    private let events: EventStream

    init(items: [SourceItem], events: EventStream) {
        let totalBytes = items.reduce(Int64(0)) { $0 + ($1.type == EntryType.regular ? Int64($1.status.st_size) : 0) }
        event = ProgressEvent(bytes: 0, totalBytes: totalBytes, entries: 0, totalEntries: items.count)
        self.events = events
    }

    var totalBytes: Int64 { event.totalBytes ?? 0 }

    func start() { events.emit(event) }

    mutating func wrote(_ bytes: Int64, of item: SourceItem) {
        event.bytes += bytes
        if throttle.shouldEmit() {
            event.item = displayName(item.name)
            events.emit(event)
        }
    }

    mutating func finishedEntry() { event.entries += 1 }

    /// Sends the latest event again every second while `body` runs.
    /// Closing a 7z (libarchive copies its whole temporary into place) or
    /// flushing gigabytes to a slow disk is honest work that says nothing
    /// for a long while, and the launcher stops a plugin silent for 20 s.
    /// Only these last steps are covered, on the user's own files, so a
    /// real hang elsewhere still falls silent.
    func keepingAlive<Value>(_ body: () throws(PluginFailure) -> Value) throws(PluginFailure) -> Value {
        let stop = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let (event, events) = (event, events)
        Thread {
            while stop.wait(timeout: .now() + 1) == .timedOut { events.emit(event) }
            stopped.signal()
        }.start()
        defer {
            stop.signal()
            stopped.wait()
        }
        return try body()
    }

    mutating func finish() {
        event.item = nil
        events.emit(event)
    }
}
