#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Exclusive advisory locks (flock(2)) on the names a mutation touches —
/// its documents and its destination names — held until `release` or
/// deinit. The kernel drops them when the process dies, so `kill -9`
/// never leaves a document locked.
///
/// A lock file is removed by its holder before unlocking, so the Locks
/// folder does not fill up; an acquirer therefore checks that the file it
/// locked is still the one on disk, and tries again if not.
final class DocumentLock: @unchecked Sendable {
    // Mutated only by the owning thread, in acquire and release.
    private var held: [(descriptor: Int32, file: RawPath)] = []

    /// The paths locked, as given.
    public let documents: [RawPath]

    /// Locks `documents` in a fixed order (so two waiting processes cannot
    /// deadlock). Without `waiting`, a document held by another process
    /// throws ``DocKitError/Code/busy`` naming it.
    ///
    /// - Parameters:
    ///   - documents: The documents and destination names to lock; they need not exist.
    ///   - directory: The home's Locks folder, created if missing.
    ///   - holder: Who is locking, written into each lock file for messages.
    ///   - waiting: Whether to block until each is free instead of refusing.
    /// - Throws: ``DocKitError/Code/busy`` without `waiting`;
    ///   ``DocKitError/Code/fileSystem`` when the Locks folder cannot be made; ``DocKitError/Code/fileSystem`` when a
    ///   lock file cannot be opened or locked.
    public init(_ documents: [RawPath], in directory: LockDirectory, holder: LockHolder, waiting: Bool = false) throws {
        self.documents = documents
        try directory.create()
        let files = Dictionary(documents.map { (directory.lockFile(for: $0), $0) }, uniquingKeysWith: { first, _ in first })
        do {
            for file in files.keys.sorted() {
                let descriptor = try Self.lock(file, document: files[file]!, waiting: waiting)
                held.append((descriptor, file))
                Self.write(holder, to: descriptor)
            }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// Unlocks every document and removes the lock files; calling it again does nothing.
    public func release() {
        for (descriptor, file) in held.reversed() {
            _ = file.withCString { unlink($0) }
            close(descriptor)
        }
        held.removeAll()
    }

    private static func lock(_ file: RawPath, document: RawPath, waiting: Bool) throws -> Int32 {
        while true {
            let descriptor = file.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
            guard descriptor >= 0 else { throw DocKitError(LockError(path: file.description, errno: errno)) }
            var result: Int32
            repeat {
                result = flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB))
            } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                let holder = code == EWOULDBLOCK ? readHolder(descriptor) : nil
                close(descriptor)
                if code == EWOULDBLOCK { throw DocKitError(CoordinationError.busy(document: document.description, holder: holder)) }
                throw DocKitError(LockError(path: file.description, errno: code))
            }
            if isStillLinked(descriptor, as: file) { return descriptor }
            close(descriptor)
        }
    }

    /// Checked once the lock is held: another process may have moved or
    /// deleted the document between its lookup and the lock.
    static func checkStillThere(_ document: Document) throws {
        guard try FileStatus.of(document.path) != nil else { throw DocKitError(MoveError.vanished(document.qualifiedName)) }
    }

    static func isStillLinked(_ descriptor: Int32, as file: RawPath) -> Bool {
        var opened = stat()
        var onDisk = stat()
        guard fstat(descriptor, &opened) == 0, file.withCString({ stat($0, &onDisk) }) == 0 else { return false }
        return opened.st_ino == onDisk.st_ino && opened.st_dev == onDisk.st_dev
    }

    static func write(_ holder: LockHolder, to descriptor: Int32) {
        let data = holder.encoded()
        _ = ftruncate(descriptor, 0)
        _ = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    static func readHolder(_ descriptor: Int32) -> LockHolder? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return LockHolder.decode(Data(buffer[..<count]))
    }
}
