import Foundation

/// Reads the value of one `key:value` predicate of a ``SearchQuery``.
///
/// Dates: `modified:>2026-01-01` compares with the start of that day in
/// the query's time zone, and `modified:2026-01-01` means during that day.
/// Ages: `modified:<7d` means within the last 7 days, `modified:>2w` more
/// than 2 weeks ago; units are `h`, `d` and `w`. Sizes: `B`, `KB`, `MB`,
/// `GB`, `TB` count in thousands, as the Finder and `list` show sizes,
/// and `KiB`, `MiB`, `GiB`, `TiB` in 1024s; a bare number is bytes.
struct SearchPredicateParser {
    static let keys = ["kind", "name", "modified", "size", "state", "location", "tag"]

    let now: Date
    let timeZone: TimeZone

    func expression(key: String, value: String, column: Int) throws(DocKitError) -> SearchExpression {
        guard !value.isEmpty else { throw DocKitError(SearchQueryError(column: column, reason: "expected a value after '\(key):'")) }
        switch key {
        case "kind": return .predicate(.kind(value))
        case "name": return .predicate(.name(value))
        case "tag": return .predicate(.tag(value))
        case "state":
            guard let state = DocumentState.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
                throw DocKitError(SearchQueryError(column: column, reason: "unknown state '\(value)' (known: \(DocumentState.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            return .predicate(.state(state))
        case "location":
            guard let location = Location(rawValue: value.lowercased()) else {
                throw DocKitError(SearchQueryError(column: column, reason: "unknown location '\(value)' (known: local, cloud)"))
            }
            return .predicate(.location(location))
        case "size":
            let (comparison, rest) = Self.comparison(of: value)
            return .predicate(.size(comparison ?? .equal, try Self.size(rest, column: column + value.count - rest.count)))
        default:
            let (comparison, rest) = Self.comparison(of: value)
            return try modified(comparison, rest, column: column + value.count - rest.count)
        }
    }

    private static func comparison(of value: String) -> (SearchComparison?, Substring) {
        for comparison in [SearchComparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal] where value.hasPrefix(comparison.rawValue) {
            return (comparison, value.dropFirst(comparison.rawValue.count))
        }
        return (nil, Substring(value))
    }

    private static let sizeUnits: [(suffix: String, factor: Double)] = [
        ("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024), ("tib", 1024 * 1024 * 1024 * 1024),
        ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("tb", 1e12), ("b", 1),
    ]

    private static func size(_ text: Substring, column: Int) throws(DocKitError) -> Int64 {
        let lowered = text.lowercased()
        let unit = sizeUnits.first { lowered.hasSuffix($0.suffix) }
        let number = lowered.dropLast(unit?.suffix.count ?? 0)
        guard let value = Double(number), value >= 0, value.isFinite, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            throw DocKitError(SearchQueryError(column: column, reason: "expected a size such as 10MB, 1.5GB or 512KiB, found '\(text)'"))
        }
        let bytes = (value * (unit?.factor ?? 1)).rounded()
        guard bytes < Double(Int64.max) else { throw DocKitError(SearchQueryError(column: column, reason: "the size '\(text)' is too large")) }
        return Int64(bytes)
    }

    private static let ageUnits: [Character: Double] = ["h": 3600, "d": 86400, "w": 7 * 86400]

    private func modified(_ comparison: SearchComparison?, _ text: Substring, column: Int) throws(DocKitError) -> SearchExpression {
        if let unit = text.last, let seconds = Self.ageUnits[unit], let count = Int(text.dropLast()), count >= 0, text.dropLast().allSatisfy(\.isASCII) {
            // An age counts back from now: younger than 7 days is after the moment 7 days ago.
            let moment = now.addingTimeInterval(-Double(count) * seconds)
            let flipped: SearchComparison = switch comparison ?? .less {
            case .less, .equal: .greater
            case .lessOrEqual: .greaterOrEqual
            case .greater: .less
            case .greaterOrEqual: .lessOrEqual
            }
            return .predicate(.modified(flipped, moment))
        }
        guard let day = dayStart(text) else {
            throw DocKitError(SearchQueryError(column: column, reason: "expected a date such as 2026-01-31 or an age such as 7d, 12h or 2w, found '\(text)'"))
        }
        guard let comparison, comparison != .equal else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let next = calendar.date(byAdding: .day, value: 1, to: day) ?? day
            return .and(.predicate(.modified(.greaterOrEqual, day)), .predicate(.modified(.less, next)))
        }
        return .predicate(.modified(comparison, day))
    }

    /// The start of the day `YYYY-MM-DD` names, in ``timeZone``.
    private func dayStart(_ text: Substring) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date
    }
}
