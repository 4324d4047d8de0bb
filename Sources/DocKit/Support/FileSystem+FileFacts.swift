#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// Facts about one file that a listing does without, since it would pay
/// for them on every entry.
extension FileSystem {
    /// Where a symbolic link points, as stored in it, never followed; nil
    /// when `path` is no link or cannot be read.
    ///
    /// - Parameter path: The link.
    /// - Returns: The target, relative or absolute as the link holds it.
    public static func symbolicLinkTarget(of path: RawPath) -> RawPath? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = path.withCString { pathPointer in
            buffer.withUnsafeMutableBytes { readlink(pathPointer, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        }
        guard count >= 0 else { return nil }
        return RawPath(bytes: Array(buffer.prefix(count)))
    }

    /// When the file system made the file (statx's birth time), not
    /// following a final link; nil where the file system keeps no such
    /// time, as Foundation's `creationDate` on Linux would give the
    /// modification time instead.
    ///
    /// - Parameter path: The file.
    /// - Returns: The birth time, or `nil` when it is unknown or the file
    ///   cannot be examined.
    public static func creationDate(of path: RawPath) -> Date? {
        var seconds: Int64 = 0
        var nanoseconds: UInt32 = 0
        let found = path.withCString { cdocshims_birth_time($0, &seconds, &nanoseconds) }
        guard found == 1, seconds != 0 || nanoseconds != 0 else { return nil }
        return Nanoseconds.date(Nanoseconds.since1970(timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))))
    }
}
