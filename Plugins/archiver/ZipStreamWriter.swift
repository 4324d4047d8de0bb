import ArchiveChecks
import CZlib
import Foundation

/// Writes zip itself rather than through libarchive, for speed: libarchive
/// deflates on one thread and takes an entry's data only uncompressed, so
/// it cannot be handed chunks deflated on other cores. Here workers deflate
/// 1 MiB chunks (ChunkDeflater, pigz's method) and this writer puts them
/// in entry order; the container matches what libarchive wrote
/// (ZipEntryRecord). Every other format, and all reading, stays with
/// libarchive. At most `window` chunks are in flight, so memory stays
/// bounded by a few MiB whatever the size of a file.
struct ZipStreamWriter {
    static let chunkSize = 1 << 20

    private enum Step {
        case begin(Int)
        case chunk(ticket: Int, item: Int)
        case end(Int)
    }

    var level: Int
    var reproducible: Bool
    private var output: OutputFile
    private var pool: ChunkCompressorPool
    private let window: Int
    private var steps: [Step] = []
    private var stepsStart = 0
    private var inFlight = 0
    private var current: ZipEntryRecord?
    private var written: [ZipEntryRecord] = []

    init(level: Int, reproducible: Bool, output: OutputFile) {
        self.level = level
        self.reproducible = reproducible
        self.output = output
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        pool = ChunkCompressorPool(level: level, chunkSize: Self.chunkSize, workers: workers)
        // A chunk waiting to be written holds only its deflated bytes, so a
        // window of a few chunks per worker costs little memory and keeps a
        // worker busy while another one has been descheduled.
        window = 4 * workers
    }

    mutating func write(_ items: [SourceItem], progress: inout ExportProgress) throws(PluginFailure) {
        defer { pool.stop() }
        for (index, item) in items.enumerated() {
            steps.append(.begin(index))
            if item.type == EntryType.regular {
                let file = try SourceFile(item)
                let size = Int64(item.status.st_size)
                var offset: Int64 = 0
                repeat {
                    while inFlight >= window { try writeNextStep(items, progress: &progress) }
                    let length = Int(min(Int64(Self.chunkSize), size - offset))
                    let ticket = pool.submit(ChunkJob(file: file, offset: offset, length: length, isLast: offset + Int64(length) == size))
                    steps.append(.chunk(ticket: ticket, item: index))
                    inFlight += 1
                    offset += Int64(length)
                } while offset < size
            }
            steps.append(.end(index))
        }
        while stepsStart < steps.count { try writeNextStep(items, progress: &progress) }
        let directoryOffset = output.offset
        for record in written { try output.append(record.centralHeader()) }
        let end = ZipEndOfCentralDirectory(entries: UInt64(written.count), directoryOffset: directoryOffset,
                                           directorySize: output.offset - directoryOffset)
        try output.append(end.bytes())
        try output.flush()
    }

    private mutating func writeNextStep(_ items: [SourceItem], progress: inout ExportProgress) throws(PluginFailure) {
        let step = steps[stepsStart]
        stepsStart += 1
        if stepsStart == steps.count {
            steps.removeAll(keepingCapacity: true)
            stepsStart = 0
        }
        switch step {
        case .begin(let index):
            var record = makeRecord(items[index])
            record.offset = output.offset
            try output.append(record.localHeader())
            if let target = items[index].linkTarget, items[index].type == EntryType.symbolicLink {
                try output.append(target)
            }
            // A stored file's header carried its size; the chunks count it again.
            if record.hasDataDescriptor { record.compressedSize = 0 }
            current = record
        case .chunk(let ticket, let index):
            let chunk = try pool.claim(ticket)
            inFlight -= 1
            current!.crc = UInt32(crc32_combine(uLong(current!.crc), uLong(chunk.crc), off_t(chunk.length)))
            current!.compressedSize += UInt64(chunk.bytes.count)
            try output.append(chunk.bytes)
            progress.wrote(Int64(chunk.length), of: items[index])
        case .end(let index):
            let record = current!
            if record.hasDataDescriptor {
                guard record.zip64 || record.compressedSize < ZipEntryRecord.zip64Limit else {
                    throw PluginFailure.failed("\(displayName(items[index].path)): grew past 4 GiB compressed", entry: displayName(items[index].name))
                }
                try output.append(record.dataDescriptor())
            }
            written.append(record)
            current = nil
            progress.finishedEntry()
        }
    }

    private func makeRecord(_ item: SourceItem) -> ZipEntryRecord {
        var name = item.name
        let isDirectory = item.type == EntryType.directory
        if isDirectory, name.last != UInt8(ascii: "/") { name.append(UInt8(ascii: "/")) }
        let isRegular = item.type == EntryType.regular
        let size = UInt64(item.status.st_size)
        var record = ZipEntryRecord(
            name: name,
            method: isRegular && level > 0 ? ZipEntryRecord.deflated : ZipEntryRecord.stored,
            mode: item.type | UInt32(item.status.st_mode) & 0o7777,
            mtime: item.status.st_mtim.tv_sec,
            uid: reproducible ? 0 : UInt32(truncatingIfNeeded: item.status.st_uid),
            gid: reproducible ? 0 : UInt32(truncatingIfNeeded: item.status.st_gid),
            hasDataDescriptor: isRegular,
            zip64: isRegular && size >= ZipEntryRecord.zip64Threshold
        )
        if isRegular {
            record.uncompressedSize = size
            if level == 0 { record.compressedSize = size }
        } else if let target = item.linkTarget, item.type == EntryType.symbolicLink {
            record.crc = UInt32(target.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
            record.uncompressedSize = UInt64(target.count)
            record.compressedSize = UInt64(target.count)
        }
        return record
    }
}
