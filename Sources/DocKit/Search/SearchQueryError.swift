/// A query `search` could not read, with the column (1-based, in
/// characters) where reading it stopped.
struct SearchQueryError: DocKitFailure, Hashable {
    /// Where in the query, counted in characters from 1.
    var column: Int
    /// What was expected or wrong there.
    var reason: String

    init(column: Int, reason: String) {
        self.column = column
        self.reason = reason
    }

    var code: DocKitError.Code { .invalidQuery }

    var document: String? { nil }
    /// `search: column 14: expected ')' to close the '(' at column 3`.
    var description: String { "search: column \(column): \(reason)" }
}
