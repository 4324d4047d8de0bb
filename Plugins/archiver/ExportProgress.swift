import ArchiveChecks

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

    mutating func finish() {
        event.item = nil
        events.emit(event)
    }
}
