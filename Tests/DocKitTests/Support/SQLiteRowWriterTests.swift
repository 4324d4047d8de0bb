@testable import DocKit
import Foundation
import GRDB
import GRDBSQLite
import Testing

@Suite("SQLiteRowWriter: rows written a batch per statement, each value as it was bound")
struct SQLiteRowWriterTests {
    static let insert = "INSERT OR REPLACE INTO row (key, text, blob, number)"

    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE row (key TEXT PRIMARY KEY NOT NULL, text TEXT, blob BLOB, number INTEGER) WITHOUT ROWID")
        }
        return queue
    }

    struct Row: Equatable {
        var key: String
        var text: String?
        var blob: [UInt8]?
        var number: Int64?

        /// Texts as bytes: `==` on strings takes two normalizations of a
        /// name as one.
        static func == (a: Row, b: Row) -> Bool {
            a.key == b.key && a.text.map { Array($0.utf8) } == b.text.map { Array($0.utf8) } && a.blob == b.blob && a.number == b.number
        }
    }

    /// Texts and blobs of every shape, the empty ones among them, which
    /// SQLite stores as NULL when bound without an address.
    static func rows(_ count: Int) -> [Row] {
        (0..<count).map { index in
            let texts = ["", "plain", "Cafe\u{301}.txt", "caf\u{E9}.txt", "nul\u{0}inside", String(repeating: "long ", count: 300)]
            let blobs: [[UInt8]?] = [[], [0], Array("bytes".utf8), nil, [0xFF, 0xFE, 0]]
            return Row(
                key: "key \(index)",
                text: index % 7 == 3 ? nil : texts[index % texts.count],
                blob: blobs[index % blobs.count],
                number: index % 11 == 5 ? nil : Int64(index) * (index.isMultiple(of: 2) ? -1 : 1) << 33
            )
        }
    }

    /// With `inPlace`, each blob is made where the writer keeps it (``SQLiteRowWriter/bind(blobWrittenBy:)``).
    static func write(_ rows: [Row], to queue: DatabaseQueue, rowsPerStatement: Int, inPlace: Bool = false) throws {
        try queue.write { db in
            var writer = SQLiteRowWriter(insert, columns: 4, rowsPerStatement: rowsPerStatement, in: db)
            for row in rows {
                writer.bind(row.key)
                if let text = row.text { writer.bind(text) } else { writer.bindNull() }
                if let blob = row.blob {
                    if inPlace { writer.bind(blobWrittenBy: { $0.append(contentsOf: blob) }) } else { writer.bind(blob: blob) }
                } else {
                    writer.bindNull()
                }
                if let number = row.number { writer.bind(number) } else { writer.bindNull() }
                try writer.finishRow()
            }
            try writer.finish()
        }
    }

    /// The rows as stored, texts read as their bytes.
    static func read(_ queue: DatabaseQueue) throws -> [String: Row] {
        try queue.read { db in
            var rows: [String: Row] = [:]
            for row in try GRDB.Row.fetchAll(db, sql: "SELECT key, CAST(text AS BLOB) AS text, blob, number FROM row") {
                let key: String = row["key"]
                let text: Data? = row["text"]
                let blob: Data? = row["blob"]
                rows[key] = Row(key: key, text: text.map { String(decoding: $0, as: UTF8.self) }, blob: blob.map(Array.init), number: row["number"])
            }
            return rows
        }
    }

    @Test("every row arrives, byte for byte, whether it falls in a full batch or in the last, short one, and whether its blob was made in place",
          arguments: [1, 3, 64], [false, true])
    func rowsArriveAsBound(rowsPerStatement: Int, inPlace: Bool) throws {
        let queue = try Self.database()
        // Two full batches and a short one, for each batch size.
        let rows = Self.rows(rowsPerStatement * 2 + max(1, rowsPerStatement / 2))
        try Self.write(rows, to: queue, rowsPerStatement: rowsPerStatement, inPlace: inPlace)
        let stored = try Self.read(queue)
        #expect(stored.count == rows.count)
        for row in rows {
            #expect(stored[row.key] == row)
        }
    }

    @Test("an empty text and an empty blob are stored empty, not NULL", arguments: [false, true])
    func emptyValuesAreNotNull(blobInPlace: Bool) throws {
        let queue = try Self.database()
        try Self.write([Row(key: "empty", text: "", blob: [], number: 0)], to: queue, rowsPerStatement: 64, inPlace: blobInPlace)
        let kinds = try queue.read { db in
            try GRDB.Row.fetchOne(db, sql: "SELECT typeof(text), typeof(blob), length(text), length(blob) FROM row")
        }
        #expect(kinds?[0] == "text")
        #expect(kinds?[1] == "blob")
        #expect(kinds?[2] == 0)
        #expect(kinds?[3] == 0)
    }

    @Test("a row SQLite refuses fails the write with SQLite's reason, and the transaction writes nothing")
    func aRefusedRowFailsTheWrite() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE row (key TEXT PRIMARY KEY NOT NULL, text TEXT NOT NULL, blob BLOB, number INTEGER) WITHOUT ROWID")
        }
        var rows = Self.rows(10).map { row in var row = row; row.text = "text"; return row }
        rows[7].text = nil
        let error = #expect(throws: DatabaseError.self) {
            try Self.write(rows, to: queue, rowsPerStatement: 4)
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(error?.message?.contains("row.text") == true)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM row") } == 0)
        // The cached statement is left with no rows' values: it writes again.
        try Self.write(Array(rows.prefix(5)), to: queue, rowsPerStatement: 4)
        let stored = try Self.read(queue)
        #expect(stored.count == 5)
        for row in rows.prefix(5) {
            #expect(stored[row.key] == row)
        }
    }

    @Test("a value SQLite refuses to bind fails the write, instead of being stored NULL")
    func aValueTooBigFailsTheWrite() throws {
        let queue = try Self.database()
        _ = queue.inDatabase { db in
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, 100)
        }
        let rows = [Row(key: "small", text: "fits", blob: [1], number: 1), Row(key: "large", text: "x", blob: Array(repeating: 7, count: 200), number: 2)]
        let error = #expect(throws: DatabaseError.self) {
            try Self.write(rows, to: queue, rowsPerStatement: 64)
        }
        #expect(error?.resultCode == .SQLITE_TOOBIG)
        #expect(try Self.read(queue).isEmpty)
    }

    @Test("a key written twice in one batch keeps the later row, as one statement a row did")
    func theLaterOfTwoRowsOfAKeyWins() throws {
        let queue = try Self.database()
        let rows = [Row(key: "same", text: "first", blob: [1], number: 1), Row(key: "other", text: nil, blob: nil, number: nil), Row(key: "same", text: "second", blob: [2], number: 2)]
        try Self.write(rows, to: queue, rowsPerStatement: 64)
        let stored = try Self.read(queue)
        #expect(stored.count == 2)
        #expect(stored["same"] == rows[2])
    }

    @Test("a batch never has more parameters than SQLite allows")
    func batchesFitSQLitesLimit() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, 40)
            try db.execute(sql: "CREATE TABLE row (key TEXT PRIMARY KEY NOT NULL, text TEXT, blob BLOB, number INTEGER) WITHOUT ROWID")
            let writer = SQLiteRowWriter(Self.insert, columns: 4, rowsPerStatement: 64, in: db)
            #expect(writer.rowsPerStatement == 10)
        }
        let rows = Self.rows(25)
        try Self.write(rows, to: queue, rowsPerStatement: 64)
        #expect(try Self.read(queue).count == 25)
    }
}
