import ArchiveChecks
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// Copies the data of the entry a reader stands at into a file already
/// created for it, holding the size and ratio limits on the bytes actually
/// written, then sets the file's mode and time.
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
    }

    func copy(from reader: ArchiveReader, into file: File, buffer: inout [UInt8]) throws(PluginFailure) {
        let start = reader.consumed
        var entryBytes: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader.handle, $0.baseAddress!, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw reader.damaged() }
            entryBytes += Int64(count)
            let total = written.add(Int64(count))
            guard total <= limits.bytes else {
                throw PluginFailure.refused(file.display, rule: "total-size-limit", "the archive expands past \(limits.bytes) bytes")
            }
            if entryBytes > limits.ratioThreshold, limits.exceedsRatio(written: entryBytes, consumed: reader.consumed - start) {
                throw PluginFailure.refused(file.display, rule: "compression-ratio-limit", "it expands more than \(limits.ratio) times (a zip bomb?)")
            }
            if total > limits.totalRatioThreshold, limits.exceedsRatio(written: total, consumed: reader.size) {
                throw PluginFailure.refused(file.display, rule: "compression-ratio-limit",
                                            "the archive has expanded to \(total) bytes, more than \(limits.ratio) times its own \(reader.size) (a zip bomb?)")
            }
            var offset = 0
            while offset < count {
                let result = buffer.withUnsafeBytes { Glibc.write(file.descriptor, $0.baseAddress! + offset, count - offset) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw PluginFailure.failed("\(file.display): cannot be written: \(String(cString: strerror(errno)))", entry: file.display)
                }
                offset += result
            }
            progress.report(consumed: reader.consumed, entries: reader.entriesRead, item: file.display)
        }
        fchmod(file.descriptor, file.mode)
        if let mtime = file.mtime {
            let times = [omitTime, mtime]
            futimens(file.descriptor, times)
        }
    }
}
