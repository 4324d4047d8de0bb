#if canImport(Glibc)
import Glibc
#endif

/// A zip's central directory, read as libarchive reads it when it can
/// seek (archive_read_support_format_zip.c): the end record found
/// searching back from the end of the file, the zip64 record when its
/// locator precedes it, the directory's real start found searching
/// forward (archives with a prefix, such as self-extractors, have every
/// offset shifted), and records read until the next end signature. Every
/// number is the archive's, so each is range-checked before use.
package struct ZipDirectory {
    package struct Record {
        package var name: [UInt8]
        package var flags: UInt16
        package var compressedSize: Int64
        package var uncompressedSize: Int64
        /// Corrected for a prefix, as libarchive corrects it.
        package var localHeaderOffset: Int64
    }

    /// Up to the caller's limit; `count` counts them all.
    package var records: [Record]
    package var count: Int
    /// Where the directory starts: no entry's data may reach past it.
    package var start: Int64

    /// The end record's search window: 64 KiB of comment and the record.
    package static let searchWindow: Int64 = 65_535 + 22

    /// nil when the file has no end record libarchive would take, so that
    /// libarchive reads it as a stream, entry after entry, where entries
    /// cannot overlap. Keeps at most `keep` records.
    package static func read(_ file: ArchiveFile, keep: Int) throws(PluginFailure) -> ZipDirectory? {
        let window = min(file.size, searchWindow)
        guard window >= 22, let tail = file.read(at: file.size - window, count: Int(window)) else { return nil }
        // The signature nearest the end decides, valid or not, as in libarchive.
        var index = tail.count - 22
        while index >= 0, !(tail[index] == 0x50 && tail[index + 1] == 0x4B && tail[index + 2] == 5 && tail[index + 3] == 6) {
            index -= 1
        }
        guard index >= 0 else { return nil }
        let endOffset = file.size - window + Int64(index)
        let end = Array(tail[index...])
        var offset = Int64(le32(end, 16))
        var searchFrom: Int64?
        let size = Int64(le32(end, 12))
        if le16(end, 4) == 0, le16(end, 6) == 0, le16(end, 8) == le16(end, 10), offset + size <= endOffset {
            searchFrom = endOffset - size
        }
        // libarchive takes a sound zip64 record over the plain one, even
        // when the plain one is not sound.
        if index >= 20, let zip64 = zip64DirectoryOffset(file, locator: Array(tail[(index - 20)..<index])) {
            offset = zip64
            searchFrom = zip64
        }
        guard let searchFrom else { return nil }
        guard let start = findDirectoryStart(file, from: searchFrom, before: endOffset) else {
            throw damaged("its central directory cannot be found")
        }
        let correction = start - offset
        var directory = ZipDirectory(records: [], count: 0, start: start)
        var position = start
        while true {
            guard let signature = file.read(at: position, count: 4) else { throw damaged("its central directory is cut short") }
            if signature[0] == 0x50, signature[1] == 0x4B, (signature[2] == 5 && signature[3] == 6) || (signature[2] == 6 && signature[3] == 6) { break }
            guard signature[0] == 0x50, signature[1] == 0x4B, signature[2] == 1, signature[3] == 2 else {
                throw damaged("its central directory has a record with a bad signature")
            }
            guard let header = file.read(at: position, count: 46) else { throw damaged("its central directory is cut short") }
            let nameLength = Int(le16(header, 28)), extraLength = Int(le16(header, 30)), commentLength = Int(le16(header, 32))
            let next = position + 46 + Int64(nameLength + extraLength + commentLength)
            guard next <= endOffset else { throw damaged("its central directory is cut short") }
            directory.count += 1
            if directory.records.count < keep {
                guard let variable = file.read(at: position + 46, count: nameLength + extraLength) else {
                    throw damaged("its central directory is cut short")
                }
                var record = Record(name: Array(variable[..<nameLength]), flags: le16(header, 8),
                                    compressedSize: Int64(le32(header, 20)), uncompressedSize: Int64(le32(header, 24)),
                                    localHeaderOffset: Int64(le32(header, 42)))
                applyZip64(Array(variable[nameLength...]), to: &record)
                let (corrected, overflow) = record.localHeaderOffset.addingReportingOverflow(correction)
                guard !overflow, corrected >= 0 else { throw damaged("entry '\(displayName(record.name))' points before the start of the file") }
                record.localHeaderOffset = corrected
                directory.records.append(record)
            }
            position = next
        }
        return directory
    }

    /// The zip64 end record's directory offset, when its locator is sound
    /// by libarchive's rules.
    private static func zip64DirectoryOffset(_ file: ArchiveFile, locator: [UInt8]) -> Int64? {
        guard locator.count == 20, locator[0] == 0x50, locator[1] == 0x4B, locator[2] == 6, locator[3] == 7,
              le32(locator, 4) == 0, le32(locator, 16) == 1 else { return nil }
        let recordOffset = le64(locator, 8)
        guard recordOffset <= UInt64(Int64.max), let head = file.read(at: Int64(recordOffset), count: 56) else { return nil }
        let (length, overflow) = le64(head, 4).addingReportingOverflow(12)
        guard !overflow, length >= 56, length <= 16384 else { return nil }
        guard le32(head, 16) == 0, le32(head, 20) == 0, le64(head, 24) == le64(head, 32) else { return nil }
        let directoryOffset = le64(head, 48)
        guard directoryOffset <= UInt64(Int64.max) else { return nil }
        return Int64(directoryOffset)
    }

    /// The first directory or end signature at or after `from`.
    private static func findDirectoryStart(_ file: ArchiveFile, from: Int64, before end: Int64) -> Int64? {
        var position = max(from, 0)
        while position <= end {
            let length = Int(min(1 << 16, end + 4 - position))
            guard length >= 4, let chunk = file.read(at: position, count: length) else { return nil }
            for index in 0...(chunk.count - 4) where chunk[index] == 0x50 && chunk[index + 1] == 0x4B {
                let (third, fourth) = (chunk[index + 2], chunk[index + 3])
                if (third == 1 && fourth == 2) || (third == 5 && fourth == 6) || (third == 6 && fourth == 6) {
                    return position + Int64(index)
                }
            }
            position += Int64(chunk.count - 3)
        }
        return nil
    }

    /// The zip64 extra field (0x0001) holds, in order, the values whose
    /// 32-bit field is all ones.
    private static func applyZip64(_ extra: [UInt8], to record: inout Record) {
        var index = 0
        while index + 4 <= extra.count {
            let id = le16(extra, index), length = Int(le16(extra, index + 2))
            let body = index + 4
            guard body + length <= extra.count else { return }
            if id == 1 {
                var field = body
                func take() -> Int64? {
                    guard field + 8 <= body + length else { return nil }
                    defer { field += 8 }
                    let value = le64(extra, field)
                    return value <= UInt64(Int64.max) ? Int64(value) : Int64.max
                }
                if record.uncompressedSize == 0xFFFF_FFFF, let value = take() { record.uncompressedSize = value }
                if record.compressedSize == 0xFFFF_FFFF, let value = take() { record.compressedSize = value }
                if record.localHeaderOffset == 0xFFFF_FFFF, let value = take() { record.localHeaderOffset = value }
                return
            }
            index = body + length
        }
    }

    package static func damaged(_ reason: String) -> PluginFailure {
        PluginFailure.invalid("damaged zip: \(reason)", rule: "damaged-archive")
    }
}

package func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
}

package func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
}

package func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32
}

/// The archive file, read at offsets with pread, apart from libarchive's
/// own handle.
package final class ArchiveFile {
    package let descriptor: Int32
    package let size: Int64

    package init?(path: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return nil
        }
        size = Int64(status.st_size)
    }

    deinit { close(descriptor) }

    /// Exactly `count` bytes at `offset`, or nil when the file is shorter.
    package func read(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return nil }
            done += result
        }
        return bytes
    }
}
