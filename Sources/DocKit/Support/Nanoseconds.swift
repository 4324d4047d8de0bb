#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Times as Int64 nanoseconds since 1970, as the catalog stores them. That
/// range ends in 2262, while a file, an archive or a sync peer can carry
/// any time a 64-bit `time_t` holds (`touch -d 2300-01-01`), so every
/// conversion here saturates instead of trapping. A time past the range
/// reads as its end, which is still later than any time inside it.
enum Nanoseconds {
    static func since1970(_ time: timespec) -> Int64 {
        let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return time.tv_sec < 0 ? .min : .max }
        let (total, carry) = seconds.addingReportingOverflow(Int64(time.tv_nsec))
        return carry ? .max : total
    }

    static func since1970(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000_000).rounded()
        guard value.isFinite else { return value < 0 ? .min : .max }
        return Int64(exactly: value) ?? (value < 0 ? .min : .max)
    }

    static var now: Int64 { since1970(Date()) }

    /// `later - earlier`, saturating: a file dated in 2262 is not an
    /// arithmetic error.
    static func elapsed(from earlier: Int64, to later: Int64) -> Int64 {
        let (difference, overflow) = later.subtractingReportingOverflow(earlier)
        if overflow { return later < earlier ? .min : .max }
        return difference
    }

    static func date(_ nanoseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(nanoseconds) / 1_000_000_000)
    }
}
