#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import DocKit

@Suite("DetachedThread")
struct DetachedThreadTests {
    /// Records where and whether it was released; it takes its time to
    /// be, so that a thread that let go of it only as it ended, after
    /// saying it had, is caught.
    private final class Probe: Sendable {
        let record: Record

        init(_ record: Record) { self.record = record }

        deinit {
            usleep(100_000)
            record.released.withLock { $0 = pthread_self() }
        }
    }

    private final class Record: Sendable {
        let ranOn = Mutex<pthread_t?>(nil)
        let released = Mutex<pthread_t?>(nil)
    }

    @Test("what the body captured is released on its thread before join returns")
    func releasesTheBodyOnItsThread() throws {
        let record = Record()
        let body: @Sendable () -> Void = { [probe = Probe(record)] in
            probe.record.ranOn.withLock { $0 = pthread_self() }
        }
        // Moved in: a copy the caller kept (a debug build keeps one for
        // the call) would be released on the caller's thread whenever the
        // body ended first.
        let thread = try DetachedThread.start(consume body)
        thread.join()
        let ranOn = try #require(record.ranOn.withLock { $0 })
        #expect(ranOn != pthread_self())
        #expect(record.released.withLock { $0 } == ranOn)
    }

    /// Released at once: a body quick enough to end before `start`
    /// returns must still be let go of on its thread, which a copy kept by
    /// `start` would have released on the caller's.
    private final class QuickProbe: Sendable {
        let record: Record

        init(_ record: Record) { self.record = record }

        deinit { record.released.withLock { $0 = pthread_self() } }
    }

    @Test("a body that ends before start returns is still released on its own thread", .timeLimit(.minutes(1)))
    func releasesAQuickBodyOnItsThread() throws {
        var releasedElsewhere = 0
        for _ in 0..<2_000 {
            let record = Record()
            let body: @Sendable () -> Void = { [probe = QuickProbe(record)] in
                probe.record.ranOn.withLock { $0 = pthread_self() }
            }
            let thread = try DetachedThread.start(consume body)
            thread.join()
            if record.released.withLock({ $0 }) != record.ranOn.withLock({ $0 }) { releasedElsewhere += 1 }
        }
        #expect(releasedElsewhere == 0)
    }

    @Test("join returns for every caller, once the body is over", .timeLimit(.minutes(1)))
    func joinsForEveryCaller() throws {
        let count = Mutex(0)
        let thread = try DetachedThread.start { count.withLock { $0 += 1 } }
        let other = try DetachedThread.start { thread.join() }
        thread.join()
        thread.join()
        other.join()
        #expect(count.withLock { $0 } == 1)
    }
}
