import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The lock file could not be opened or locked: what a save, a
/// registration or a settings change throws when the home's Locks or
/// Library folder cannot be used.
struct LockError: DocKitFailure {
    /// The lock file.
    var path: String
    /// The `errno` that `open` or `flock` set.
    var errno: Int32
    var code: DocKitError.Code { .fileSystem }

    var document: String? { path }

    var underlying: (any Error & Sendable)? { POSIXErrorCode(rawValue: errno).map { POSIXError($0) } }
    /// `path: cannot lock (strerror)`.
    var description: String { "\(path): cannot lock (\(String(cString: strerror(errno))))" }
}
