import ArchiveChecks
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// `AE_IF*` are cast macros, which Swift does not import.
enum EntryType {
    static let regular: UInt32 = 0o100000
    static let directory: UInt32 = 0o040000
    static let symbolicLink: UInt32 = 0o120000
    static let characterDevice: UInt32 = 0o020000
    static let blockDevice: UInt32 = 0o060000
    static let fifo: UInt32 = 0o010000
    static let socket: UInt32 = 0o140000

    static func name(_ type: UInt32) -> String {
        switch type {
        case regular: "file"
        case directory: "directory"
        case symbolicLink: "symlink"
        case characterDevice: "character-device"
        case blockDevice: "block-device"
        case fifo: "fifo"
        case socket: "socket"
        default: "unknown"
        }
    }
}

/// The last error libarchive recorded on a handle, as one line.
func archiveErrorString(_ archive: OpaquePointer) -> String {
    if let message = archive_error_string(archive) { return String(cString: message) }
    return "libarchive error \(archive_errno(archive))"
}

/// A C string for libarchive from name bytes (which never contain NUL:
/// they come from the file system or were checked).
func withCBytes<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
        try buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { try body($0) }
    }
}

func bytesOf(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
}

/// `UTIME_OMIT` is a macro Swift does not import: leave that time alone.
let omitTime = timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)
