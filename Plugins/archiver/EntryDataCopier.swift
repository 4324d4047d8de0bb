import ArchiveChecks
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// Copies the data of the entry a reader stands at into a file already
/// created for it, holding the size and ratio limits on the bytes actually
/// written, then sets the file's mode and time.
///
/// The data is read block by block at the offsets libarchive gives, so a
/// sparse entry (GNU or pax sparse tar) stays sparse: its holes are never
/// written, and only the data stored for it counts towards the ratio limit.
struct EntryDataCopier {
    let limits: ExtractionLimits
    let written: WrittenBytes
    let progress: ExtractionProgress

    /// What is known of a file before its data is read.
    struct File: Sendable {
        var display: String
        var descriptor: Int32
        var mode: mode_t
        var mtime: timespec?
        /// A sparse entry's declared size, to which a file ending in a hole
        /// is extended; `nil` for any other entry, whose data says where it ends.
        var sparseSize: Int64?
    }

    func copy(from reader: ArchiveReader, into file: File) throws(PluginFailure) {
        let start = reader.consumed
        // The file's size so far, holes included, and the data read for it.
        var end: Int64 = 0
        var stored: Int64 = 0
        while true {
            var block: UnsafeRawPointer?
            var count = 0
            var offset: la_int64_t = 0
            let status = archive_read_data_block(reader.handle, &block, &count, &offset)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK, offset >= 0 else { throw reader.damaged() }
            try grow(to: Int64(offset) + Int64(count), from: &end, file: file)
            guard count > 0, let block else { continue }
            stored += Int64(count)
            let storedTotal = written.addStored(Int64(count))
            if stored > limits.ratioThreshold, limits.exceedsRatio(written: stored, consumed: reader.consumed - start) {
                throw PluginFailure.refused(file.display, rule: "compression-ratio-limit", "it expands more than \(limits.ratio) times (a zip bomb?)")
            }
            if storedTotal > limits.totalRatioThreshold, limits.exceedsRatio(written: storedTotal, consumed: reader.size) {
                throw PluginFailure.refused(file.display, rule: "compression-ratio-limit",
                                            "the archive has expanded to \(storedTotal) bytes, more than \(limits.ratio) times its own \(reader.size) (a zip bomb?)")
            }
            var done = 0
            while done < count {
                let result = pwrite(file.descriptor, block + done, count - done, off_t(offset) + off_t(done))
                if result < 0 {
                    if errno == EINTR { continue }
                    throw PluginFailure.failed("\(file.display): cannot be written: \(String(cString: strerror(errno)))", entry: file.display)
                }
                done += result
            }
            progress.report(consumed: reader.consumed, entries: reader.entriesRead, item: file.display)
        }
        // A trailing hole is no block: the declared size says where the file ends.
        if let size = file.sparseSize, size > end {
            try grow(to: size, from: &end, file: file)
            guard ftruncate(file.descriptor, off_t(size)) == 0 else {
                throw PluginFailure.failed("\(file.display): cannot be written: \(String(cString: strerror(errno)))", entry: file.display)
            }
        }
        fchmod(file.descriptor, file.mode)
        if let mtime = file.mtime {
            let times = [omitTime, mtime]
            futimens(file.descriptor, times)
        }
    }

    /// Counts the file's growth to `newEnd` (its holes too: the user gets a
    /// file that large) against the total-size limit.
    private func grow(to newEnd: Int64, from end: inout Int64, file: File) throws(PluginFailure) {
        guard newEnd > end else { return }
        let total = written.add(newEnd - end)
        end = newEnd
        guard total <= limits.bytes else {
            throw PluginFailure.refused(file.display, rule: "total-size-limit", "the archive expands past \(limits.bytes) bytes")
        }
    }
}
