import ArchiveChecks
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// A read handle on an archive file, any format and compression libarchive
/// recognises (but not "raw": something that is not an archive is refused).
final class ArchiveReader {
    let handle: OpaquePointer
    let path: String
    let size: Int64
    private(set) var entriesRead = 0
    private(set) var lastName: String?

    /// For zip names without the UTF-8 flag: nil means "UTF-8 when the
    /// bytes are valid UTF-8 (as Info-ZIP on Linux and macOS write them),
    /// else CP437"; a charset given is applied by libarchive to every
    /// unflagged name.
    private let legacyDecoder: LegacyNameDecoder?
    private let charset: String?

    init(path: String, charset: String?) throws(PluginFailure) {
        self.path = path
        self.charset = charset
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw PluginFailure(kind: code == ENOENT ? .notFound : .failed, rule: nil, entry: nil,
                                message: "cannot be read: \(String(cString: strerror(code)))")
        }
        guard UInt32(status.st_mode) & 0o170000 == EntryType.regular else {
            throw PluginFailure.invalid("is not a regular file")
        }
        size = Int64(status.st_size)
        guard let handle = archive_read_new() else { throw PluginFailure.failed("libarchive: out of memory") }
        self.handle = handle
        archive_read_support_filter_all(handle)
        archive_read_support_format_all(handle)
        if let charset {
            guard archive_read_set_options(handle, "zip:hdrcharset=\(charset)") == ARCHIVE_OK else {
                throw PluginFailure.invalid("--charset \(charset): \(archiveErrorString(handle))")
            }
            legacyDecoder = nil
        } else {
            // Zip names without the UTF-8 flag are in the writer's DOS code
            // page; CP437 is what PKZIP and Windows used for decades.
            legacyDecoder = LegacyNameDecoder(charset: "CP437")
        }
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else {
            throw PluginFailure.invalid("not an archive docbrowser can read: \(archiveErrorString(handle))", rule: "not-an-archive")
        }
    }

    deinit { archive_read_free(handle) }

    /// A second, independent reader of the same archive, at its start.
    func reopened() throws(PluginFailure) -> ArchiveReader {
        try ArchiveReader(path: path, charset: charset)
    }

    /// Bytes of the archive file consumed so far.
    var consumed: Int64 { Int64(archive_filter_bytes(handle, -1)) }

    /// The next entry, or nil at the end. A damaged or truncated archive
    /// is refused, naming the entry it broke after.
    func next() throws(PluginFailure) -> OpaquePointer? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status >= ARCHIVE_WARN, let entry else {
            throw damaged()
        }
        entriesRead += 1
        lastName = name(of: entry).map(displayName)
        return entry
    }

    func damaged() -> PluginFailure {
        let message = archiveErrorString(handle)
        // 7z and rar can encrypt their headers too: then no entry is named.
        if archive_read_has_encrypted_entries(handle) > 0 {
            return encrypted(lastName)
        }
        if entriesRead == 0 && archive_format(handle) == 0 {
            return PluginFailure.invalid("not an archive docbrowser can read: \(message)", rule: "not-an-archive")
        }
        let place = lastName.map { "at entry '\($0)'" } ?? "before the first entry"
        return PluginFailure.invalid("damaged or truncated \(place): \(message)", entry: lastName, rule: "damaged-archive")
    }

    /// No passphrase is ever asked, so an encrypted entry cannot be read;
    /// saying so beats calling the archive damaged.
    func encrypted(_ entry: String?) -> PluginFailure {
        let what = entry.map { "entry '\($0)' is encrypted" } ?? "the archive is encrypted"
        return PluginFailure.invalid("\(what): docbrowser does not import encrypted archives", entry: entry, rule: "encrypted")
    }

    /// The entry's path as bytes: libarchive's conversion when it has one,
    /// else the bytes as stored, so an undecodable name is kept, not lost.
    func name(of entry: OpaquePointer) -> [UInt8]? {
        if let name = archive_entry_pathname(entry) {
            let bytes = bytesOf(name)
            if let legacyDecoder, archive_format(handle) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP,
               String(validating: bytes, as: UTF8.self) == nil {
                return legacyDecoder.decode(bytes) ?? bytes
            }
            return bytes
        }
        if let name = archive_entry_pathname_utf8(entry) { return bytesOf(name) }
        return nil
    }

    var formatName: String {
        archive_format_name(handle).map { String(cString: $0) } ?? "unknown"
    }
}

/// iconv from a legacy charset to UTF-8.
struct LegacyNameDecoder {
    var charset: String

    func decode(_ bytes: [UInt8]) -> [UInt8]? {
        let converter = iconv_open("UTF-8", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress
                var inLeft = inputBuffer.count
                var outPointer: UnsafeMutablePointer<CChar>? = outputBuffer.baseAddress
                var outLeft = outputBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 else { return nil }
                return outputBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        return output[..<produced].map { UInt8(bitPattern: $0) }
    }
}
