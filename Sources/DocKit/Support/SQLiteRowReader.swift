import Foundation
import GRDB
import GRDBSQLite

/// Steps through a prepared statement's rows, reading each column with
/// SQLite's own calls: GRDB's `Row` checks and converts every value on
/// its way out, which for a listing's 100,000 catalog rows (of 16 columns
/// then) was most of reading them. Values are read as GRDB reads them (a
/// blob copied), for columns that are never NULL unless read with
/// ``optionalBlob(_:)``.
struct SQLiteRowReader {
    private let statement: Statement
    private let database: Database

    /// - Parameters:
    ///   - statement: A statement whose arguments are set.
    ///   - database: The connection it runs on, for errors.
    init(_ statement: Statement, in database: Database) {
        self.statement = statement
        self.database = database
    }

    /// Moves to the next row; false past the last.
    func step() throws -> Bool {
        switch sqlite3_step(statement.sqliteStatement) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        case let code:
            let message = sqlite3_errmsg(database.sqliteConnection).map { String(cString: $0) }
            sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// Resets the statement. One left on a row keeps its read snapshot
    /// open after the transaction, and the connection's next write then
    /// fails at once (SQLITE_BUSY_SNAPSHOT) when another process has
    /// written since, busy timeout or not.
    func finish() {
        sqlite3_reset(statement.sqliteStatement)
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement.sqliteStatement, column)
    }

    /// The blob's bytes, empty for NULL, valid only in `body`.
    func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let pointer = sqlite3_column_blob(statement.sqliteStatement, column)
        return body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : Int(sqlite3_column_bytes(statement.sqliteStatement, column))))
    }

    func blob(_ column: Int32) -> [UInt8] {
        optionalBlob(column) ?? []
    }

    /// nil for NULL.
    func optionalBlob(_ column: Int32) -> [UInt8]? {
        let handle = statement.sqliteStatement
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        guard let pointer = sqlite3_column_blob(handle, column) else { return [] }
        // Typed, the bytes are copied as memory, not as a collection.
        return Array(UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_column_bytes(handle, column))))
    }
}
