import Foundation
import GRDB
import GRDBSQLite

/// Runs a prepared statement once per row, binding each value with
/// SQLite's own calls: GRDB's `StatementArguments` box every value as an
/// existential and convert it to a `DatabaseValue` first, which for the
/// catalog's 17 columns was about a third of writing 100,000 rows. Values
/// are bound as GRDB binds them (text as a C string, copied; a blob copied).
struct SQLiteRowWriter {
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    private let statement: Statement
    private let database: Database
    private var column: Int32 = 0
    /// The text each parameter holds: SQLite keeps a binding from row to
    /// row, and most of a row's texts repeat the last row's (its location,
    /// its type, its states), so they are not copied into SQLite again.
    private var boundTexts: [String?] = []

    init(_ statement: Statement, in database: Database) {
        self.statement = statement
        self.database = database
    }

    /// Starts a row: the values bound next fill the parameters in order.
    mutating func startRow() {
        sqlite3_reset(statement.sqliteStatement)
        column = 0
    }

    mutating func bind(_ text: String) {
        column += 1
        let index = Int(column)
        if index >= boundTexts.count { boundTexts += repeatElement(nil, count: index + 1 - boundTexts.count) }
        // Bytes, not `==`: two names the same but for their Unicode
        // normalization are equal strings, and each must be stored as it is.
        if let bound = boundTexts[index], bound.utf8.count == text.utf8.count, bound.utf8HasPrefix(text) { return }
        boundTexts[index] = text
        let column = column
        text.withCString { _ = sqlite3_bind_text(statement.sqliteStatement, column, $0, -1, Self.transient) }
    }

    mutating func bind(_ value: Int64) {
        column += 1
        forgetText()
        sqlite3_bind_int64(statement.sqliteStatement, column, value)
    }

    mutating func bind(_ value: Int) {
        bind(Int64(value))
    }

    mutating func bind(blob bytes: some ContiguousBytes) {
        column += 1
        forgetText()
        let column = column
        bytes.withUnsafeBytes { _ = sqlite3_bind_blob(statement.sqliteStatement, column, $0.baseAddress, Int32($0.count), Self.transient) }
    }

    mutating func bindNull() {
        column += 1
        forgetText()
        sqlite3_bind_null(statement.sqliteStatement, column)
    }

    private mutating func forgetText() {
        if Int(column) < boundTexts.count { boundTexts[Int(column)] = nil }
    }

    /// Resets the statement, so that it holds nothing of the last row.
    func finish() {
        sqlite3_reset(statement.sqliteStatement)
    }

    /// Runs the row's statement.
    func finishRow() throws {
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            let message = sqlite3_errmsg(database.sqliteConnection).map { String(cString: $0) }
            sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}
