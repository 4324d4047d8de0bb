#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

@Suite("times as nanoseconds saturate instead of trapping")
struct NanosecondsTests {
    @Test("times inside 1678–2262 convert exactly")
    func exact() {
        #expect(Nanoseconds.since1970(timespec(tv_sec: 1_700_000_000, tv_nsec: 5)) == 1_700_000_000_000_000_005)
        #expect(Nanoseconds.since1970(Date(timeIntervalSince1970: 2)) == 2_000_000_000)
    }

    @Test("a time_t past 2262 or before 1678 saturates")
    func saturates() {
        #expect(Nanoseconds.since1970(timespec(tv_sec: 10_413_792_000, tv_nsec: 0)) == .max)
        #expect(Nanoseconds.since1970(timespec(tv_sec: .max, tv_nsec: 999_999_999)) == .max)
        #expect(Nanoseconds.since1970(timespec(tv_sec: 9_223_372_036, tv_nsec: 999_999_999)) == .max)
        #expect(Nanoseconds.since1970(timespec(tv_sec: -11_676_096_000, tv_nsec: 0)) == .min)
        #expect(Nanoseconds.since1970(Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(Nanoseconds.since1970(Date(timeIntervalSince1970: -1e300)) == .min)
        #expect(Nanoseconds.since1970(Date(timeIntervalSince1970: .nan)) == .max)
    }

    @Test("elapsed time between extremes saturates")
    func elapsed() {
        #expect(Nanoseconds.elapsed(from: .min, to: .max) == .max)
        #expect(Nanoseconds.elapsed(from: .max, to: .min) == .min)
        #expect(Nanoseconds.elapsed(from: 5, to: 7) == 2)
    }
}
