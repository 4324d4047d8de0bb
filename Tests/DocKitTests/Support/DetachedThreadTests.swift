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
        let thread = try DetachedThread.start { [probe = Probe(record)] in
            probe.record.ranOn.withLock { $0 = pthread_self() }
        }
        thread.join()
        let ranOn = try #require(record.ranOn.withLock { $0 })
        #expect(ranOn != pthread_self())
        #expect(record.released.withLock { $0 } == ranOn)
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
