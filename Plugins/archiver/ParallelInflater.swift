import ArchiveChecks
import CArchive
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Inflates some of a zip's files on a second thread, through a second
/// reader of the same archive, while the extractor's own thread reads and
/// checks the next entries and inflates the others.
///
/// An import is all inflating (four fifths of it was zlib, one core busy
/// and the other idle), and a zip's entries are compressed apart, so two
/// readers that each skip the other's entries halve it. Every check on a
/// name, a kind or a place stays on the extractor's thread, in entry
/// order; this thread is handed a file already created for the entry, and
/// only writes its data, under the same limits. Only zip is shared out:
/// its directory lets a reader skip an entry without reading it, where a
/// compressed tar would have to be read twice.
final class ParallelInflater: @unchecked Sendable {
    // Touched only on `queue`.
    private let reader: ArchiveReader
    private let copier: EntryDataCopier

    private let queue = DispatchQueue(label: "docbrowser-archiver.inflate")
    /// Files handed over and not yet written: each holds a descriptor,
    /// and the extractor must not run ahead by more than a few.
    private let slots = DispatchSemaphore(value: 8)
    /// The failure of the earliest entry that failed: jobs run in entry
    /// order, and none runs after one fails.
    private let failure = Mutex<(entryNumber: Int, failure: PluginFailure)?>(nil)

    /// One file's data to write: the entry's number in the archive (1 is
    /// the first) and its name as read, which the second reader must find
    /// there too.
    struct Job: Sendable {
        var entryNumber: Int
        var rawName: [UInt8]
        var file: EntryDataCopier.File
    }

    init(reader: ArchiveReader, copier: EntryDataCopier) {
        self.reader = reader
        self.copier = copier
    }

    /// Whether an archive of this format, on this machine, is worth
    /// sharing out.
    static func isWorthwhile(format: Int32) -> Bool {
        format & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// The failure of a file handed over, if one has failed yet.
    var firstFailure: PluginFailure? { failure.withLock { $0?.failure } }

    /// Hands a file over; its descriptor is closed once written.
    func submit(_ job: Job) {
        slots.wait()
        queue.async { [self] in
            defer {
                close(job.file.descriptor)
                slots.signal()
            }
            guard firstFailure == nil else { return }
            do throws(PluginFailure) {
                try write(job)
            } catch {
                failure.withLock { if $0 == nil { $0 = (job.entryNumber, error) } }
            }
        }
    }

    private func write(_ job: Job) throws(PluginFailure) {
        var entry: OpaquePointer?
        while reader.entriesRead < job.entryNumber {
            guard let next = try reader.next() else { throw reader.damaged() }
            entry = next
        }
        guard let entry, reader.entriesRead == job.entryNumber, reader.name(of: entry) == job.rawName else {
            throw PluginFailure.invalid("damaged archive: a second reading does not find '\(job.file.display)' where the first did",
                                        entry: job.file.display, rule: "damaged-archive")
        }
        try copier.copy(from: reader, into: job.file)
    }

    /// Waits for every file handed over, and throws the failure of the
    /// earliest entry that failed.
    func finish() throws(PluginFailure) {
        queue.sync {}
        if let failure = firstFailure { throw failure }
    }

    /// Waits for every file handed over, then gives the failure an
    /// extraction that stopped at `entryNumber` reports: that of the
    /// earliest entry, as one thread reading in order would have met it.
    /// Nothing writes into the staging directory once this returns.
    func failure(preceding ownFailure: PluginFailure, at entryNumber: Int) -> PluginFailure {
        queue.sync {}
        return failure.withLock { earlier in
            earlier.map { $0.entryNumber < entryNumber ? $0.failure : ownFailure } ?? ownFailure
        }
    }
}
