import Foundation

/// Reads a ``SearchQuery``'s text:
///
/// ```
/// query   := or
/// or      := and ("OR" and)*
/// and     := unary (["AND"] unary)*        -- terms side by side are ANDed
/// unary   := "NOT" unary | "(" or ")" | term
/// term    := WORD | WORD* | "PHRASE" | KEY:VALUE | KEY:"VALUE"
/// ```
///
/// `AND`, `OR` and `NOT` are operators only in capitals, as in Spotlight.
/// The input is outside input: its length and nesting are capped, so a
/// hostile query costs an error, never the stack.
struct SearchQueryParser {
    /// The most characters a query may have.
    static let maximumLength = 4096
    /// The most parentheses and `NOT`s one term may be inside.
    static let maximumDepth = 64

    private enum Token: Equatable {
        case open, close, and, or, not
        case term(SearchTerm)
        /// `key:value`, with the column the value starts at.
        case predicate(key: String, value: String, valueColumn: Int)
        case end
    }

    private let text: String
    private let now: Date
    private let timeZone: TimeZone
    private var tokens: [(token: Token, column: Int)] = []
    private var position = 0

    init(_ text: String, now: Date, timeZone: TimeZone) {
        self.text = text
        self.now = now
        self.timeZone = timeZone
    }

    mutating func parse() throws(DocKitError) -> SearchExpression {
        tokens = try Self.tokens(of: text)
        guard tokens.count > 1 else { throw DocKitError(SearchQueryError(column: 1, reason: "the query is empty")) }
        let expression = try parseOr(depth: 0)
        if case .close = current.token {
            throw DocKitError(SearchQueryError(column: current.column, reason: "')' with no '(' before it"))
        }
        return expression
    }

    private var current: (token: Token, column: Int) { tokens[position] }

    private mutating func parseOr(depth: Int) throws(DocKitError) -> SearchExpression {
        var expression = try parseAnd(depth: depth, after: nil)
        while current.token == .or {
            position += 1
            expression = .or(expression, try parseAnd(depth: depth, after: "OR"))
        }
        return expression
    }

    /// `AND` binds tighter than `OR`: `a OR b c` is `a OR (b AND c)`.
    private mutating func parseAnd(depth: Int, after operatorName: String?) throws(DocKitError) -> SearchExpression {
        var expression = try parseUnary(depth: depth, after: operatorName)
        while true {
            switch current.token {
            case .and:
                position += 1
                expression = .and(expression, try parseUnary(depth: depth, after: "AND"))
            case .term, .predicate, .not, .open:
                expression = .and(expression, try parseUnary(depth: depth, after: nil))
            case .or, .close, .end:
                return expression
            }
        }
    }

    private mutating func parseUnary(depth: Int, after operatorName: String?) throws(DocKitError) -> SearchExpression {
        let (token, column) = current
        switch token {
        case .not, .open:
            guard depth < Self.maximumDepth else {
                throw DocKitError(SearchQueryError(column: column, reason: "the query nests deeper than \(Self.maximumDepth) levels"))
            }
            position += 1
            if token == .not { return .not(try parseUnary(depth: depth + 1, after: "NOT")) }
            let inner = try parseOr(depth: depth + 1)
            guard current.token == .close else {
                throw DocKitError(SearchQueryError(column: current.column, reason: "expected ')' to close the '(' at column \(column)"))
            }
            position += 1
            return inner
        case .term(let term):
            position += 1
            return .term(term)
        case .predicate(let key, let value, let valueColumn):
            position += 1
            return try SearchPredicateParser(now: now, timeZone: timeZone).expression(key: key, value: value, column: valueColumn)
        case .and, .or, .close, .end:
            let what = switch token {
            case .and: "AND"
            case .or: "OR"
            case .close: "')'"
            default: "the end of the query"
            }
            let place = operatorName.map { "after \($0)" } ?? "before \(what)"
            let reason = operatorName == nil ? "expected a word, phrase or predicate \(place)" : "expected a word, phrase or predicate \(place), found \(what)"
            throw DocKitError(SearchQueryError(column: column, reason: reason))
        }
    }

    /// The query's tokens, each with its 1-based column, then `.end`.
    private static func tokens(of text: String) throws(DocKitError) -> [(token: Token, column: Int)] {
        let characters = Array(text.prefix(maximumLength + 1))
        guard characters.count <= maximumLength else {
            throw DocKitError(SearchQueryError(column: maximumLength + 1, reason: "the query is longer than \(maximumLength) characters"))
        }
        if let nul = characters.firstIndex(of: "\0") {
            throw DocKitError(SearchQueryError(column: nul + 1, reason: "the query holds a NUL character"))
        }
        var tokens: [(token: Token, column: Int)] = []
        var index = 0
        /// The characters up to the closing quote of the quote at `start`.
        func quoted(from start: Int) throws(DocKitError) -> String {
            guard let close = characters[(start + 1)...].firstIndex(of: "\"") else {
                throw DocKitError(SearchQueryError(column: start + 1, reason: "the quote at column \(start + 1) is never closed"))
            }
            index = close + 1
            return String(characters[(start + 1)..<close])
        }
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append((character == "(" ? .open : .close, column))
                index += 1
            } else if character == "\"" {
                let phrase = try quoted(from: index)
                tokens.append((.term(SearchTerm(text: phrase, isPhrase: true)), column))
            } else {
                var end = index
                while end < characters.count, !Self.endsWord(characters[end]) { end += 1 }
                let word = String(characters[index..<end])
                index = end
                if let colon = word.firstIndex(of: ":"), word[..<colon].allSatisfy(\.isLetter), !word[..<colon].isEmpty {
                    let key = String(word[..<colon])
                    guard SearchPredicateParser.keys.contains(key) else {
                        throw DocKitError(SearchQueryError(column: column, reason: "unknown predicate '\(key):' (known: \(SearchPredicateParser.keys.joined(separator: ", ")); quote a word holding ':')"))
                    }
                    var value = String(word[word.index(after: colon)...])
                    let valueColumn = column + key.count + 1
                    if value.isEmpty, index < characters.count, characters[index] == "\"" { value = try quoted(from: index) }
                    tokens.append((.predicate(key: key, value: value, valueColumn: valueColumn), column))
                    continue
                }
                switch word {
                case "AND": tokens.append((.and, column))
                case "OR": tokens.append((.or, column))
                case "NOT": tokens.append((.not, column))
                default:
                    let isPrefix = word.count > 1 && word.hasSuffix("*")
                    tokens.append((.term(SearchTerm(text: isPrefix ? String(word.dropLast()) : word, isPrefix: isPrefix)), column))
                }
            }
        }
        tokens.append((.end, characters.count + 1))
        return tokens
    }

    private static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || character == "(" || character == ")" || character == "\""
    }
}
