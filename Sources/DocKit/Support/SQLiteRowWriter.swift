import Foundation
import GRDB
import GRDBSQLite

/// Inserts rows through one statement that holds the parameters of many
/// rows (`INSERT … VALUES (…), (…), …`), binding each value with SQLite's
/// own calls.
///
/// GRDB's `StatementArguments` box every value as an existential and
/// convert it to a `DatabaseValue` first, which for the catalog's rows
/// was about a third of writing 100,000 of them. A statement run once
/// per row cost as much again: SQLite opens the table's cursor and seeks
/// the new key from the B-tree's root at each run, and copies each text
/// into memory of its own at each bind. Run once per batch, the cursor
/// stays where the last row went, so rows that come in key order are
/// appended; and the batch's texts and blobs are bound where they lie in
/// one buffer that outlives the statement's run (`SQLITE_STATIC`), so
/// SQLite copies them only into the record.
struct SQLiteRowWriter {
    private enum Value {
        case integer(Int64)
        case text(Range<Int>)
        case blob(Range<Int>)
        case null
    }

    private let database: Database
    private let insert: String
    private let columns: Int
    private let batchSQL: String
    /// The statement of a full batch, found once per writer: the
    /// connection's cache finds it by hashing its SQL, a few kilobytes.
    private var batchStatement: Statement?
    /// Rows per run of the statement: SQLite limits a statement's
    /// parameters (32,766 since 3.32, 999 before).
    let rowsPerStatement: Int
    private var values: [Value] = []
    /// The texts' and blobs' bytes of the rows not yet written. It starts
    /// with one byte, so that an empty text or blob has an address: bound
    /// with none, SQLite would store NULL.
    private var bytes: [UInt8] = [0]

    /// - Parameters:
    ///   - insert: The statement up to its values, such as
    ///     `INSERT OR REPLACE INTO t (a, b)`.
    ///   - columns: How many values a row has.
    ///   - rowsPerStatement: At most this many rows per run; fewer when
    ///     SQLite allows fewer parameters.
    ///   - database: The connection, inside the transaction the rows are
    ///     written in.
    init(_ insert: String, columns: Int, rowsPerStatement: Int = 64, in database: Database) {
        precondition(columns > 0)
        self.insert = insert
        self.columns = columns
        self.database = database
        let parameters = Int(sqlite3_limit(database.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
        self.rowsPerStatement = max(1, min(rowsPerStatement, parameters / columns))
        batchSQL = Self.sql(insert, columns: columns, rows: self.rowsPerStatement)
        values.reserveCapacity(self.rowsPerStatement * columns)
    }

    mutating func bind(_ text: String) {
        var text = text
        let range = text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        values.append(.text(range))
    }

    mutating func bind(_ value: Int64) {
        values.append(.integer(value))
    }

    mutating func bind(_ value: Int) {
        bind(Int64(value))
    }

    mutating func bind(blob: some ContiguousBytes) {
        let range = blob.withUnsafeBytes { append($0) }
        values.append(.blob(range))
    }

    /// Binds the blob that `write` appends to the bytes it is given, made
    /// where it will lie instead of in a buffer of its own first.
    mutating func bind(blobWrittenBy write: (inout [UInt8]) throws -> Void) rethrows {
        let start = bytes.count
        try write(&bytes)
        values.append(.blob(start..<bytes.count))
    }

    mutating func bindNull() {
        values.append(.null)
    }

    private mutating func append(_ buffer: UnsafeRawBufferPointer) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: buffer)
        return start..<bytes.count
    }

    /// Ends the row whose values were bound since the last; a full batch
    /// is written.
    mutating func finishRow() throws {
        precondition(values.count % columns == 0, "the row has \(values.count % columns) of its \(columns) values")
        if values.count >= rowsPerStatement * columns { try write() }
    }

    /// Writes the rows not written yet.
    mutating func finish() throws {
        if !values.isEmpty { try write() }
    }

    private mutating func write() throws {
        // Written or failed, the batch is over: nothing of it is left for
        // the next.
        defer {
            values.removeAll(keepingCapacity: true)
            bytes.removeSubrange(1...)
        }
        let rows = values.count / columns
        let statement: Statement
        if rows == rowsPerStatement {
            statement = try batchStatement ?? database.cachedStatement(sql: batchSQL)
            batchStatement = statement
        } else {
            statement = try database.makeStatement(sql: Self.sql(insert, columns: columns, rows: rows))
        }
        let handle = statement.sqliteStatement
        // The bytes are bound where they lie: SQLite reads them only while
        // the statement runs, inside this closure, and the bindings are
        // cleared before the buffer can change. A nil destructor is
        // SQLITE_STATIC.
        let (code, message) = bytes.withUnsafeBufferPointer { bytes -> (Int32, String?) in
            let base = bytes.baseAddress!
            var code = SQLITE_OK
            // A value SQLite refuses to bind (too big, out of memory) would
            // be left NULL: the batch fails instead.
            for (offset, value) in values.enumerated() where code == SQLITE_OK {
                let parameter = Int32(offset + 1)
                switch value {
                case .integer(let integer):
                    code = sqlite3_bind_int64(handle, parameter, integer)
                case .text(let range):
                    code = sqlite3_bind_text64(handle, parameter, UnsafeRawPointer(base + range.lowerBound).assumingMemoryBound(to: CChar.self), sqlite3_uint64(range.count), nil, UInt8(SQLITE_UTF8))
                case .blob(let range):
                    code = sqlite3_bind_blob64(handle, parameter, base + range.lowerBound, sqlite3_uint64(range.count), nil)
                case .null:
                    code = sqlite3_bind_null(handle, parameter)
                }
            }
            if code == SQLITE_OK { code = sqlite3_step(handle) }
            let message = code == SQLITE_DONE ? nil : sqlite3_errmsg(database.sqliteConnection).map { String(cString: $0) }
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            return (code, message)
        }
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    private static func sql(_ insert: String, columns: Int, rows: Int) -> String {
        let row = "(" + repeatElement("?", count: columns).joined(separator: ", ") + ")"
        return insert + " VALUES " + repeatElement(row, count: rows).joined(separator: ", ")
    }
}
