import ArchiveChecks
import CZlib

/// A piece of one entry's contents, compressed apart from the others so
/// that the pieces of a large file keep every core busy.
struct ChunkJob: Sendable {
    var file: SourceFile
    var offset: Int64
    var length: Int
    var isLast: Bool
}

/// What a chunk became: its deflate (or stored) bytes and the CRC-32 of
/// its uncompressed bytes, which the writer combines in entry order.
struct CompressedChunk: Sendable {
    var bytes: [UInt8]
    var crc: UInt32
    var length: Int
}

/// Deflates chunks the way pigz does, so that chunks compressed apart
/// concatenate into one valid raw deflate stream: each is primed with the
/// 32 KiB before it as dictionary (so compression barely suffers), ends
/// with a sync flush (byte-aligned, no final bit), and only the last one
/// finishes the stream. The output depends on the bytes and the level
/// alone, never on which thread ran it, so --reproducible holds.
/// One per worker thread: a z_stream is not shared.
final class ChunkDeflater {
    static let dictionarySize = 32 * 1024

    private let level: Int32
    private let stream: UnsafeMutablePointer<z_stream>
    private var input: UnsafeMutableRawBufferPointer

    /// `level` 0 stores: the chunk's bytes are copied as they are.
    init(level: Int, chunkSize: Int) throws(PluginFailure) {
        self.level = Int32(level)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: Self.dictionarySize + chunkSize, alignment: 16)
        guard level == 0 || czlib_deflate_init_raw(stream, Int32(level)) == Z_OK else {
            stream.deallocate()
            input.deallocate()
            throw PluginFailure.failed("zlib: cannot start deflate at level \(level)")
        }
    }

    deinit {
        if level != 0 { deflateEnd(stream) }
        stream.deallocate()
        input.deallocate()
    }

    func compress(_ job: ChunkJob) throws(PluginFailure) -> CompressedChunk {
        let dictionaryCount = level == 0 ? 0 : Int(min(Int64(Self.dictionarySize), job.offset))
        let read = UnsafeMutableRawBufferPointer(rebasing: input[..<(dictionaryCount + job.length)])
        try job.file.read(into: read, at: job.offset - Int64(dictionaryCount))
        let data = UnsafeMutableRawBufferPointer(rebasing: read[dictionaryCount...])
        let crc = UInt32(crc32(0, data.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(data.count)))
        guard level != 0 else { return CompressedChunk(bytes: Array(data), crc: crc, length: data.count) }

        deflateReset(stream)
        if dictionaryCount > 0 {
            deflateSetDictionary(stream, read.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(dictionaryCount))
        }
        stream.pointee.next_in = data.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(data.count)
        let flush = job.isLast ? Z_FINISH : Z_SYNC_FLUSH
        // deflateBound covers a finished stream; a sync flush adds an empty
        // stored block (5 bytes), and the loop grows the buffer if ever short.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(data.count))) + 16)
        var produced = 0
        while true {
            if produced == output.count { output.append(contentsOf: repeatElement(0, count: output.count)) }
            let status = output.withUnsafeMutableBytes { buffer in
                stream.pointee.next_out = (buffer.baseAddress! + produced).assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(buffer.count - produced)
                let status = deflate(stream, flush)
                produced = buffer.count - Int(stream.pointee.avail_out)
                return status
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw PluginFailure.failed("zlib: deflate failed (\(status))")
            }
            let done = job.isLast ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && produced < output.count
            if done { break }
        }
        output.removeSubrange(produced...)
        return CompressedChunk(bytes: output, crc: crc, length: data.count)
    }
}
