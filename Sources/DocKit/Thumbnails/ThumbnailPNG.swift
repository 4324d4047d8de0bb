#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The chunks of a thumbnail PNG, read and written without decoding the
/// image: the cache's metadata lives in `tEXt` chunks (`Thumb::URI`,
/// `Thumb::MTime`, ...), and the image itself is the generator's business.
/// Anyone can write into `~/.cache/thumbnails`, so every length is checked
/// against what is there and every chunk's CRC against its bytes; a file
/// that fails either is not a thumbnail.
public enum ThumbnailPNG {
    /// The largest file read: a 1024-pixel RGBA thumbnail stored without
    /// compression is 4 MiB, so anything past 8 MiB is not one.
    public static let maximumBytes = 8 << 20

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk: its four-letter type, and where its data lies in the file.
    struct Chunk {
        var type: [UInt8]
        var data: Range<Int>
        /// The whole chunk: length, type, data and CRC.
        var extent: Range<Int>
    }

    /// The chunks from the signature to `IEND`, or `nil` when the bytes are
    /// not a whole PNG: no signature, a length past the end, a bad CRC on a
    /// chunk whose content is read here (`IHDR`, `tEXt`), no `IHDR` first or
    /// no `IEND`. The image's own chunks are left to the image decoder of
    /// whoever shows it: checking them cost more than all else a lookup in
    /// the cache does.
    static func chunks(in bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }
            let typeRange = offset + 4..<offset + 8
            let data = offset + 8..<offset + 8 + length
            let crcOffset = data.upperBound
            let stored = UInt32(bytes[crcOffset]) << 24 | UInt32(bytes[crcOffset + 1]) << 16 | UInt32(bytes[crcOffset + 2]) << 8 | UInt32(bytes[crcOffset + 3])
            let chunk = Chunk(type: Array(bytes[typeRange]), data: data, extent: offset..<crcOffset + 4)
            if chunk.type == Array("tEXt".utf8) || chunk.type == Array("IHDR".utf8) {
                guard CRC32.checksum(bytes[typeRange.lowerBound..<data.upperBound]) == stored else { return nil }
            }
            if chunks.isEmpty, chunk.type != Array("IHDR".utf8) { return nil }
            chunks.append(chunk)
            if chunk.type == Array("IEND".utf8) { return chunks }
            offset = chunk.extent.upperBound
        }
        return nil
    }

    /// The `tEXt` chunks of a PNG, keyword to text; `nil` when the bytes
    /// are not a whole PNG. The specification's Latin-1 is read as such,
    /// one character per byte, so no byte is lost or merged.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The texts; of a keyword given twice, the first.
    public static func textChunks(in bytes: [UInt8]) -> [String: String]? {
        guard let chunks = chunks(in: bytes) else { return nil }
        var texts: [String: String] = [:]
        for chunk in chunks where chunk.type == Array("tEXt".utf8) {
            let data = bytes[chunk.data]
            guard let separator = data.firstIndex(of: 0) else { continue }
            let keyword = latin1(data[data.startIndex..<separator])
            if texts[keyword] == nil { texts[keyword] = latin1(data[(separator + 1)...]) }
        }
        return texts
    }

    /// The `tEXt` chunks of the PNG file at `path`, read only if it is a
    /// regular file of at most ``maximumBytes``; `nil` for anything else.
    ///
    /// - Parameter path: The file; a symbolic link, FIFO or device is not opened as one.
    /// - Returns: The texts, or `nil`.
    public static func textChunks(ofFileAt path: RawPath) -> [String: String]? {
        // O_NONBLOCK: a FIFO planted in the cache must not hang the reader.
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size <= maximumBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        // A file that grew while read past the limit is not trusted either.
        guard filled <= maximumBytes else { return nil }
        return textChunks(in: Array(bytes[..<filled]))
    }

    /// The PNG with its `Thumb::` and `Software` texts replaced by `texts`,
    /// put right after `IHDR` so that a reader finds them before the image.
    ///
    /// - Parameters:
    ///   - texts: Keywords and their texts, written in this order.
    ///   - png: A whole PNG, as a generator wrote it.
    /// - Returns: The new PNG, or `nil` when `png` is not a whole PNG.
    static func replacingTexts(_ texts: [(keyword: String, text: String)], in png: [UInt8]) -> [UInt8]? {
        guard let chunks = chunks(in: png) else { return nil }
        var result = signature
        for (index, chunk) in chunks.enumerated() {
            if chunk.type == Array("tEXt".utf8) {
                let data = png[chunk.data]
                let keyword = latin1(data.prefix { $0 != 0 })
                if keyword.hasPrefix("Thumb::") || keyword == "Software" { continue }
            }
            result += png[chunk.extent]
            if index == 0 {
                for (keyword, text) in texts { result += textChunk(keyword: keyword, text: text) }
            }
        }
        return result
    }

    static func textChunk(keyword: String, text: String) -> [UInt8] {
        let data = latin1Bytes(keyword) + [0] + latin1Bytes(text)
        let type = Array("tEXt".utf8)
        let length = UInt32(data.count)
        let crc = CRC32.checksum(type + data)
        return bigEndian(length) + type + data + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    private static func latin1<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Characters above U+00FF have no Latin-1 byte; they never occur in
    /// what is written here (URIs, numbers, MIME types), and become `?`.
    private static func latin1Bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}
