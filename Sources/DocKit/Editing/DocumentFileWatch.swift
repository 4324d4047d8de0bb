import Foundation

/// Watches an open document's folder, and its package's tree, for what
/// other processes do to it, on a thread of its own: inotify is read with
/// a blocking poll that must not hold a thread of the concurrency pool.
/// Where inotify or a thread cannot be had (their limits reached),
/// nothing is reported.
final class DocumentFileWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Starts watching.
    ///
    /// - Parameters:
    ///   - document: The document's path.
    ///   - settle: How long the folders stay quiet before a burst is over.
    ///   - changed: Called on the watch's thread after each burst.
    init(_ document: RawPath, settle: Duration, changed: @escaping @Sendable () -> Void) {
        // Watched before init returns, so that a change made the moment
        // the document is open is heard; only the reading goes to the
        // thread, which alone uses the watcher from then on.
        guard let watcher = try? DirectoryWatcher() else { return }
        watcher.watch(document.deletingLastComponent)
        watcher.watchTree(document)
        let handedOver = HandedOver(watcher)
        _ = try? DetachedThread.start { [self] in
            let watcher = handedOver.value
            watcher.readBursts(settle: settle, while: { !isStopped }) { _ in
                // A save puts a new folder in the package's place, which is
                // watched under the temporary name it was made with.
                if !watcher.isWatching(document) { watcher.watchTree(document) }
                changed()
            }
        }
    }

    func stop() { lock.withLock { stopped = true } }

    private var isStopped: Bool { lock.withLock { stopped } }
}

/// A value passed whole to the thread that uses it from then on, never
/// touched by its maker again.
private struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
