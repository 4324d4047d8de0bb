#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// A thread of its own, for work that blocks (inotify read with `poll`)
/// and so must not hold a thread of the concurrency pool.
///
/// Unlike Foundation's `Thread`, it lets go of its body, and of all the
/// body captured, on that thread before the thread ends. Foundation's
/// releases its closure only as the thread exits, in a thread-specific
/// data destructor that runs after libdispatch has torn down the
/// thread's own state. A closure whose captures deinitialize through
/// dispatch queues then uses that freed state: a watch that held the last
/// reference to the catalog closed GRDB's connections (which close on
/// their queues) there, and corrupted the heap.
final class DetachedThread: Sendable {
    private let ended = DispatchSemaphore(value: 0)

    private init() {}

    /// Runs `body` on a new thread. `body` is taken, not copied, so that
    /// the thread holds the last reference to it, unless its caller keeps
    /// another.
    ///
    /// - Throws: ``DocKitError/Code/fileSystem`` naming `thread` when the system has no
    ///   thread to give.
    @discardableResult
    static func start(_ body: consuming @escaping @Sendable () -> Void) throws(DocKitError) -> DetachedThread {
        let thread = DetachedThread()
        // Moved, not copied: a copy left here would be released when this
        // returns, the last reference when the body was quicker.
        let context = Unmanaged.passRetained(Start(body: consume body, thread: thread)).toOpaque()
        var identifier = pthread_t()
        let result = pthread_create(&identifier, nil, Self.routine, context)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw DocKitError(FileSystemError(path: RawPath("thread"), operation: "cannot be started", errno: result))
        }
        pthread_detach(identifier)
        return thread
    }

    /// Waits until the body has returned and what it captured is released.
    func join() {
        ended.wait()
        ended.signal()
    }

    private static let routine: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        runBody(of: context!).ended.signal()
        return nil
    }

    /// Runs the body and lets go of it: its captures are released when
    /// this returns, before the thread that called it goes on to end.
    private static func runBody(of context: UnsafeMutableRawPointer) -> DetachedThread {
        let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
        start.body()
        return start.thread
    }

    private final class Start: Sendable {
        let body: @Sendable () -> Void
        let thread: DetachedThread

        init(body: @escaping @Sendable () -> Void, thread: DetachedThread) {
            self.body = body
            self.thread = thread
        }
    }
}
