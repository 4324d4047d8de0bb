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

    init(path: String, charset: String) throws(PluginFailure) {
        self.path = path
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw PluginFailure(kind: code == ENOENT ? .notFound : .failed, rule: nil, entry: nil,
                                message: "\(path): cannot be read: \(String(cString: strerror(code)))")
        }
        guard UInt32(status.st_mode) & 0o170000 == EntryType.regular else {
            throw PluginFailure.invalid("\(path): is not a regular file")
        }
        size = Int64(status.st_size)
        guard let handle = archive_read_new() else { throw PluginFailure.failed("libarchive: out of memory") }
        self.handle = handle
        archive_read_support_filter_all(handle)
        archive_read_support_format_all(handle)
        // Zip names without the UTF-8 flag are in the writer's DOS code
        // page; CP437 is what PKZIP and Windows used for decades.
        if archive_read_set_options(handle, "zip:hdrcharset=\(charset)") != ARCHIVE_OK {
            throw PluginFailure.invalid("--charset \(charset): \(archiveErrorString(handle))")
        }
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else {
            throw PluginFailure.invalid("\(path): not an archive docbrowser can read: \(archiveErrorString(handle))", rule: "not-an-archive")
        }
    }

    deinit { archive_read_free(handle) }

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
        if entriesRead == 0 && archive_format(handle) == 0 {
            return PluginFailure.invalid("\(path): not an archive docbrowser can read: \(message)", rule: "not-an-archive")
        }
        let place = lastName.map { "at entry '\($0)'" } ?? "before the first entry"
        return PluginFailure.invalid("\(path): damaged or truncated \(place): \(message)", entry: lastName, rule: "damaged-archive")
    }

    /// The entry's path as bytes: libarchive's conversion when it has one,
    /// else the bytes as stored, so an undecodable name is kept, not lost.
    func name(of entry: OpaquePointer) -> [UInt8]? {
        if let name = archive_entry_pathname(entry) { return bytesOf(name) }
        if let name = archive_entry_pathname_utf8(entry) { return bytesOf(name) }
        return nil
    }

    var formatName: String {
        archive_format_name(handle).map { String(cString: $0) } ?? "unknown"
    }
}
