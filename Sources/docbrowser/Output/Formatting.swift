#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Sizes and dates as the tables show them, made without Foundation's
/// formatters: `list` formats two of these per document, and on Linux
/// `String(format:)` and `Calendar.dateComponents` cost more per call than
/// the rest of a row.
enum Formatting {
    private static let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"]

    /// Sizes as `ls -lh` and the Finder show them: 1000-based, one decimal.
    static func size(_ bytes: Int64) -> String {
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
    static func date(_ date: Date) -> String {
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
    /// nothing to share, which matters once per document of a long list.
    private static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func isoDate(_ date: Date) -> String {
        date.formatted(isoStyle)
    }
}
