import Foundation

enum Formatting {
    /// Sizes as `ls -lh` and the Finder show them: 1000-based, one decimal.
    static func size(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// `yyyy-MM-dd HH:mm` in local time, as `ls -l --time-style=+%F\ %R`.
    static func date(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A format style is a value: unlike ISO8601DateFormatter it costs
    /// nothing to share, which matters once per document of a long list.
    private static let isoStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func isoDate(_ date: Date) -> String {
        date.formatted(isoStyle)
    }
}
