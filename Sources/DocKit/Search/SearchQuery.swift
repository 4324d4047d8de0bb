import Foundation

/// A query `search` takes, parsed: words and phrases to find in names and
/// contents, and predicates on what the catalog knows of a document,
/// joined by `AND` (or nothing), `OR` and `NOT`, as Spotlight spells them.
///
/// ```swift
/// let query = try SearchQuery("invoice (kind:com.adobe.pdf OR name:*.md) NOT state:inConflict")
/// ```
public struct SearchQuery: Sendable, Hashable {
    /// The query as a tree.
    public var expression: SearchExpression

    /// Parses `text`; see `SearchQueryParser` for the grammar.
    ///
    /// - Parameters:
    ///   - text: The query as typed.
    ///   - now: The moment relative dates (`modified:<7d`) count back from.
    ///   - timeZone: The zone a date (`modified:>2026-01-01`) starts its day in.
    /// - Throws: ``DocKitError/Code/invalidQuery`` with the column at fault.
    public init(_ text: String, now: Date = Date(), timeZone: TimeZone = .current) throws(DocKitError) {
        var parser = SearchQueryParser(text, now: now, timeZone: timeZone)
        expression = try parser.parse()
    }

    /// The words and phrases whose presence makes a document match, in
    /// the order they are written: those not under a `NOT`. They rank the
    /// hits and mark their snippets.
    public var rankingTerms: [SearchTerm] {
        var terms: [SearchTerm] = []
        expression.collectTerms(negated: false, into: &terms)
        return terms
    }
}

/// A query's tree.
public indirect enum SearchExpression: Sendable, Hashable {
    /// A word or a phrase, found in the name or the content.
    case term(SearchTerm)
    /// A test of what the catalog knows of a document.
    case predicate(SearchPredicate)
    case and(SearchExpression, SearchExpression)
    case or(SearchExpression, SearchExpression)
    case not(SearchExpression)

    func collectTerms(negated: Bool, into terms: inout [SearchTerm]) {
        switch self {
        case .term(let term): if !negated, !terms.contains(term) { terms.append(term) }
        case .predicate: break
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            lhs.collectTerms(negated: negated, into: &terms)
            rhs.collectTerms(negated: negated, into: &terms)
        case .not(let operand): operand.collectTerms(negated: !negated, into: &terms)
        }
    }

    /// Every term, negated or not: each is looked up in the index once.
    var allTerms: Set<SearchTerm> {
        switch self {
        case .term(let term): [term]
        case .predicate: []
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.allTerms.union(rhs.allTerms)
        case .not(let operand): operand.allTerms
        }
    }
}

/// Words to find: one word (`invoice`, or `inv*` for any word starting
/// so) or a phrase (`"quarterly report"`, its words in a row).
public struct SearchTerm: Sendable, Hashable {
    /// The word or the phrase's words, as typed.
    public var text: String
    /// Written in quotes: the words must come in a row.
    public var isPhrase: Bool
    /// Ends in `*`: matches any word that starts with ``text``.
    public var isPrefix: Bool

    public init(text: String, isPhrase: Bool = false, isPrefix: Bool = false) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
    }
}

/// A test of what the catalog knows of a document.
public enum SearchPredicate: Sendable, Hashable {
    /// `kind:UTI`: its type conforms to the identifier.
    case kind(String)
    /// `name:GLOB`: its filename matches the shell glob, case-insensitively.
    case name(String)
    /// `modified:>DATE`, `modified:<7d`, …: its modification date against a moment.
    case modified(SearchComparison, Date)
    /// `size:>10MB`: its size in bytes against a number.
    case size(SearchComparison, Int64)
    /// `state:inConflict`: it is in that state (`normal` when in none).
    case state(DocumentState)
    /// `location:cloud` or `location:local`.
    case location(Location)
    /// `tag:NAME`: it carries the tag.
    case tag(String)
}

/// How a predicate's value compares with the document's.
public enum SearchComparison: String, Sendable, Hashable {
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "="

    func holds<Value: Comparable>(_ value: Value, against bound: Value) -> Bool {
        switch self {
        case .less: value < bound
        case .lessOrEqual: value <= bound
        case .greater: value > bound
        case .greaterOrEqual: value >= bound
        case .equal: value == bound
        }
    }
}
