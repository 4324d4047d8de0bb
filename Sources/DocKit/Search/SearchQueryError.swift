/// A query `search` could not read, with the column (1-based, in
/// characters) where reading it stopped.
public struct SearchQueryError: DocKitError, Hashable {
    /// Where in the query, counted in characters from 1.
    public var column: Int
    /// What was expected or wrong there.
    public var reason: String

    public init(column: Int, reason: String) {
        self.column = column
        self.reason = reason
    }

    /// Always `.invalidInput`; the CLI exits with its usage status.
    public var kind: FailureKind { .invalidInput }
    /// `search: column 14: expected ')' to close the '(' at column 3`.
    public var description: String { "search: column \(column): \(reason)" }
}
