#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Sizes and dates as the tables show them, made without Foundation's
/// formatters: `list` formats two of these per document, and on Linux
/// `String(format:)` and `Calendar.dateComponents` cost more per call than
/// the rest of a row.
public enum Formatting {
    private static let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"]

    /// Sizes as `ls -lh` and the Finder show them: 1000-based, one decimal.
    public static func size(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\(oneDecimal(value)) \(units[unit])"
    }

    /// As printf's `%.1f`. Near a tie, which the binary value decides, it
    /// asks printf itself.
    private static func oneDecimal(_ value: Double) -> String {
        let scaled = value * 10
        let fraction = scaled - scaled.rounded(.down)
        guard abs(fraction - 0.5) > 1e-6 else { return String(format: "%.1f", value) }
        let tenths = Int64(scaled.rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `yyyy-MM-dd HH:mm` in local time, as `ls -l --time-style=+%F\ %R`.
    public static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "????-??-?? ??:??" }
        return "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday)) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min))"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A format style is a value: unlike ISO8601DateFormatter it costs
    /// nothing to share.
    private static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// As `isoStyle` writes it (`2026-11-24T07:54:38.457Z`, milliseconds
    /// cut, not rounded), made here from the days since 1970: Foundation's
    /// calendar arithmetic was a third of the cost of each report of
    /// `list --json`. Years outside 1–9999 are left to Foundation.
    public static func isoDate(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        guard abs(whole) < 1e12 else { return date.formatted(isoStyle) }
        let milliseconds = Int(((interval - whole) * 1000).rounded(.towardZero))
        let (days, second) = (Int(whole) + secondsFrom1970To2001).floorDivided(by: 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1...9_999).contains(year) else { return date.formatted(isoStyle) }
        let fields = [(year, 4), (month, 2), (day, 2), (second / 3_600, 2), (second / 60 % 60, 2), (second % 60, 2), (milliseconds, 3)]
        return String(unsafeUninitializedCapacity: 24) { text in
            var end = 0
            for ((value, digits), separator) in zip(fields, "--T::.Z".utf8) {
                var rest = value
                for position in stride(from: end + digits - 1, through: end, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                text[end + digits] = separator
                end += digits + 1
            }
            return end
        }
    }

    private static let secondsFrom1970To2001 = 978_307_200

    /// The proleptic Gregorian year, month and day of a day counted from
    /// 1970-01-01, by whole 400-year eras of 146,097 days.
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = (days + 719_468).floorDivided(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        // Months counted from March, so that February's leap day ends the year.
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}

private extension Int {
    /// The quotient rounded down and a remainder in `0..<divisor`.
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
