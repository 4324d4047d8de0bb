#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// An advisory lock (flock(2)) held on a lock file for as long as the value
/// lives. The kernel drops it when the process dies, so a `kill -9` never
/// leaves a stale lock behind.
final class FileLock: @unchecked Sendable {
    // The descriptor is written once, in init, and closed once, in deinit.
    private let descriptor: Int32
    /// The lock file, created (mode 0644) if missing and never removed.
    public let path: String

    /// `shared` locks coexist with each other; `exclusive` excludes every other lock on the file.
    public enum Mode: Sendable { case shared, exclusive }

    /// Blocks until the lock is held.
    ///
    /// - Parameters:
    ///   - path: The lock file, created if missing.
    ///   - mode: Shared or exclusive; exclusive by default.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the file cannot be opened or locked.
    public init(path: String, mode: Mode = .exclusive) throws(DocKitError) {
        self.path = path
        // Kept in a local until locked: once stored, a throw runs deinit,
        // and the failure path closing it too would close it twice.
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw DocKitError(LockError(path: path, errno: errno)) }
        var result: Int32
        repeat {
            result = flock(opened, mode == .exclusive ? LOCK_EX : LOCK_SH)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            DescriptorClosing.close(opened)
            throw DocKitError(LockError(path: path, errno: code))
        }
        descriptor = opened
    }

    deinit { DescriptorClosing.close(descriptor) }
}
