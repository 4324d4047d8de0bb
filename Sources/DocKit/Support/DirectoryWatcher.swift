#if canImport(Glibc)
import Glibc
#endif
import CDocShims

/// Directories watched through inotify(7), each tree whole: every
/// directory under a root, packages' insides too, and directories that
/// appear later as soon as their creation is read.
final class DirectoryWatcher {
    private let descriptor: Int32
    private var watched: [Int32: RawPath] = [:]
    private var directories: Set<RawPath> = []

    /// What arrived since the last read.
    struct Batch {
        var eventCount = 0
        /// The kernel's queue overflowed: events were lost, and every
        /// tree must be read again.
        var overflowed = false
        /// Renames seen whole, by inotify's cookie: `from` and `to` are
        /// full paths.
        var renames: [(from: RawPath, to: RawPath)] = []
    }

    init() throws(DocKitError) {
        descriptor = cdocshims_inotify_init()
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: RawPath("inotify"), operation: "cannot be started", errno: errno)) }
    }

    deinit { close(descriptor) }

    /// Watches `root` and every directory under it; what cannot be
    /// watched (gone meanwhile, or not a directory) is skipped.
    func watchTree(_ root: RawPath) {
        guard watch(root) else { return }
        try? TreeWalk.visit(root) { relativePath, status in
            if status.st_mode & S_IFMT == S_IFDIR { _ = watch(root.appending(relativePath)) }
            return true
        }
    }

    @discardableResult
    func watch(_ directory: RawPath) -> Bool {
        let watch = directory.withCString { cdocshims_inotify_add_watch(descriptor, $0, CDOCSHIMS_IN_CHANGES) }
        guard watch >= 0 else { return false }
        watched[watch] = directory
        directories.insert(directory)
        return true
    }

    func isWatching(_ directory: RawPath) -> Bool { directories.contains(directory) }

    /// Reads events until `going` says to stop, and calls `burst` with
    /// what arrived once the folders have been quiet for `settle`, so that
    /// a burst (a package copied in, a save's temporary renamed into place)
    /// is handled once, complete. When no event is pending and the instant
    /// `wakingAt` gives has passed, `burst` is called with an empty batch:
    /// time alone can change what a folder holds, as a document's quiet
    /// period ends.
    func readBursts(
        settle: Duration, while going: () -> Bool, wakingAt wake: () -> ContinuousClock.Instant? = { nil }, _ burst: (Batch) throws -> Void
    ) rethrows {
        var lastEvent: ContinuousClock.Instant?
        var pending = Batch()
        while going() {
            // No longer than the burst has left to settle: the end of a
            // burst is read when it comes, not at the next tenth of a second.
            let left = lastEvent.map { settle - (ContinuousClock.now - $0) } ?? .milliseconds(100)
            let batch = read(waitingAtMost: Int32(min(max(left / .milliseconds(1), 1), 100).rounded(.up)))
            if batch.eventCount > 0 {
                lastEvent = .now
                pending.eventCount += batch.eventCount
                pending.renames += batch.renames
                pending.overflowed = pending.overflowed || batch.overflowed
            }
            if let last = lastEvent {
                guard ContinuousClock.now - last >= settle else { continue }
            } else {
                guard let instant = wake(), ContinuousClock.now >= instant else { continue }
            }
            try burst(pending)
            lastEvent = nil
            pending = Batch()
        }
    }

    /// Waits at most `milliseconds` for events and reads all there are.
    func read(waitingAtMost milliseconds: Int32) -> Batch {
        var batch = Batch()
        var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, milliseconds) > 0 else { return batch }
        var movedFrom: [UInt32: RawPath] = [:]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, cookie, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self), bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self), Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                offset += 16 + length
                batch.eventCount += 1
                if mask & CDOCSHIMS_IN_Q_OVERFLOW != 0 { batch.overflowed = true }
                if mask & CDOCSHIMS_IN_IGNORED != 0, let gone = watched.removeValue(forKey: watch) { directories.remove(gone) }
                guard let directory = watched[watch], !nameBytes.isEmpty else { continue }
                let path = directory.appending(RawPath(bytes: Array(nameBytes)))
                if mask & CDOCSHIMS_IN_ISDIR != 0, mask & (CDOCSHIMS_IN_MOVED_TO | CDOCSHIMS_IN_CREATE) != 0 { watchTree(path) }
                if mask & CDOCSHIMS_IN_MOVED_FROM != 0 { movedFrom[cookie] = path }
                if mask & CDOCSHIMS_IN_MOVED_TO != 0, let from = movedFrom.removeValue(forKey: cookie) { batch.renames.append((from, path)) }
            }
        }
        return batch
    }
}
