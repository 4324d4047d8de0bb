#if canImport(Glibc)
import Glibc
#endif

/// The lock file could not be opened or locked: what a save, a
/// registration or a settings change throws when the home's Locks or
/// Library folder cannot be used.
public struct LockError: DocKitError {
    /// The lock file.
    public var path: String
    /// The `errno` that `open` or `flock` set.
    public var errno: Int32
    /// Always `.failed`.
    public var kind: FailureKind { .failed }
    /// `path: cannot lock (strerror)`.
    public var description: String { "\(path): cannot lock (\(String(cString: strerror(errno))))" }
}
