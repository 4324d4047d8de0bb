import DocKit
import Foundation

/// A parsed query written back as query text, with as few parentheses as
/// the grammar needs, so that the `search-query` target can check that
/// what the parser accepted reads back as the same tree.
enum SearchQueryText {
    /// The moment and zone every query is parsed against, so that dates
    /// and ages read back to the same instants. Its seconds past the hour
    /// keep an age (a whole number of hours before it) from ever falling
    /// on a midnight, where a date is.
    static let now = Date(timeIntervalSince1970: 1_780_000_000)
    static let timeZone = TimeZone(identifier: "UTC")!
    /// The parser's own cap on a query's characters (`SearchQueryParser.maximumLength`):
    /// a rendering longer than it is not read back.
    static let longest = 4096

    /// The column and reason of a refused query, from its one line
    /// `search: column N: reason`; the column is nil when the line holds none.
    static func column(of error: DocKitError) -> (column: Int?, reason: String) {
        let parts = error.description.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "search", parts[1].hasPrefix(" column ") else { return (nil, "") }
        return (Int(parts[1].dropFirst(" column ".count)), parts[2].trimmingCharacters(in: .whitespaces))
    }

    /// How tightly an expression binds: `OR`, then juxtaposed `AND`, then
    /// `NOT` and single terms.
    private static func level(_ expression: SearchExpression) -> Int {
        switch expression {
        case .or: 0
        case .and(let lhs, let rhs): dayRange(lhs, rhs) == nil ? 1 : 2
        default: 2
        }
    }

    /// The query text for `expression`; nil when it holds a date or an
    /// age too far out to write back exactly.
    static func text(of expression: SearchExpression) -> String? {
        text(of: expression, atLeast: 0)
    }

    private static func text(of expression: SearchExpression, atLeast required: Int) -> String? {
        let written: String?
        switch expression {
        case .or(let lhs, let rhs):
            written = text(of: lhs, atLeast: 0).flatMap { left in text(of: rhs, atLeast: 1).map { left + " OR " + $0 } }
        case .and(let lhs, let rhs):
            if let day = dayRange(lhs, rhs) {
                written = "modified:" + day
            } else {
                written = text(of: lhs, atLeast: 1).flatMap { left in text(of: rhs, atLeast: 2).map { left + " " + $0 } }
            }
        case .not(let operand):
            written = text(of: operand, atLeast: 2).map { "NOT " + $0 }
        case .term(let term):
            written = term.isPhrase ? "\"" + term.text + "\"" : term.text + (term.isPrefix ? "*" : "")
        case .predicate(let predicate):
            written = text(of: predicate)
        }
        guard let written else { return nil }
        return level(expression) < required ? "(" + written + ")" : written
    }

    private static func text(of predicate: SearchPredicate) -> String? {
        switch predicate {
        case .kind(let value): "kind:\"\(value)\""
        case .name(let value): "name:\"\(value)\""
        case .tag(let value): "tag:\"\(value)\""
        case .state(let state): "state:\(state.rawValue)"
        case .location(let location): "location:\(location.rawValue)"
        case .size(let comparison, let bytes): "size:\(comparison.rawValue)\(bytes)"
        case .modified(let comparison, let moment):
            if let day = day(moment) {
                "modified:\(comparison.rawValue)\(day)"
            } else if let hours = hours(before: moment) {
                // An age is stored as the moment it names, its comparison turned round.
                switch comparison {
                case .greater: "modified:<\(hours)h"
                case .greaterOrEqual: "modified:<=\(hours)h"
                case .less: "modified:>\(hours)h"
                case .lessOrEqual: "modified:>=\(hours)h"
                case .equal: nil
                }
            } else {
                nil
            }
        }
    }

    /// `modified:2026-01-31` is read as the two bounds of that day.
    private static func dayRange(_ lhs: SearchExpression, _ rhs: SearchExpression) -> String? {
        guard case .predicate(.modified(.greaterOrEqual, let start)) = lhs, case .predicate(.modified(.less, let end)) = rhs,
              let day = day(start), let next = calendar.date(byAdding: .day, value: 1, to: start), next == end else { return nil }
        return day
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()

    /// `YYYY-MM-DD` for a midnight in years 1 to 9999.
    private static func day(_ moment: Date) -> String? {
        guard moment.timeIntervalSince1970.truncatingRemainder(dividingBy: 86400) == 0 else { return nil }
        let parts = calendar.dateComponents([.era, .year, .month, .day], from: moment)
        guard parts.era == 1, let year = parts.year, let month = parts.month, let day = parts.day, (1...9999).contains(year) else { return nil }
        func padded(_ number: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(number).count)) + String(number) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Whole hours from `moment` to ``now``, while a Double holds them exactly.
    private static func hours(before moment: Date) -> Int? {
        let seconds = now.timeIntervalSince(moment)
        guard seconds >= 0, seconds <= 1e15, seconds.truncatingRemainder(dividingBy: 3600) == 0 else { return nil }
        return Int(seconds / 3600)
    }
}
