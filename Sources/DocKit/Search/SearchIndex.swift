import Foundation
import GRDB

/// The full-text index `search` reads: each document's name and words in
/// an SQLite FTS5 table, with what the document looked like when it was
/// read. It lives in its own file beside the catalog's (`search.sqlite`
/// in `Library/Catalog`), so that writing it never holds up a listing,
/// and like the catalog it is a cache of the disk: deleting it costs one
/// reading of every document, nothing else.
public final class SearchIndex: Sendable {
    /// What reading a document's words gave.
    public enum Outcome: String, Sendable, Hashable {
        /// Its words are indexed.
        case text
        /// No extractor reads its type: it is found by its name only.
        case none
        /// An extractor gave up on it: it is found by its name only.
        case failed
    }

    /// A document as the index last read it.
    struct Row: Sendable {
        var id: Int64
        var size: Int64
        var modificationTime: Int64
        var type: String
        var outcome: Outcome
        var reason: String?

        /// Whether `document` is as it was when this row was written.
        func isCurrent(for document: Document) -> Bool {
            size == document.size && modificationTime == Nanoseconds.since1970(document.modificationDate) && type == document.type
        }
    }

    /// A row's key: where the document is.
    struct Key: Hashable, Sendable {
        var location: Location
        var relativePath: [UInt8]

        init(_ document: Document) {
            location = document.location
            relativePath = document.relativePath.bytes
        }

        init(location: Location, relativePath: [UInt8]) {
            self.location = location
            self.relativePath = relativePath
        }
    }

    /// The text one document gave, ready to be written.
    struct Entry: Sendable {
        var document: Document
        var text: ExtractedText
    }

    /// Where snippets mark a match: private-use characters, taken out of
    /// every indexed text first so that no document can forge one.
    static let matchStart: Character = "\u{E000}"
    static let matchEnd: Character = "\u{E001}"

    /// The file, as given.
    public let url: URL
    let queue: DatabaseQueue

    /// Opens (creating if need be) the index in `directory`, such as
    /// ``Home/catalogDirectory``.
    ///
    /// - Throws: ``DocKitError/Code/database`` when the file cannot be opened or made.
    public convenience init(directory: URL) throws(DocKitError) {
        try self.init(url: directory.appending(path: "search.sqlite"))
    }

    init(url: URL) throws(DocKitError) {
        self.url = url
        do {
            queue = try SQLiteDatabase.openQueue(at: url, migrator: Self.migrator)
        } catch {
            throw DocKitError(DatabaseAccessError(path: url.path, error: error))
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: names and words") { db in
            try db.create(table: "searchDocument") { t in
                t.primaryKey("id", .integer)
                t.column("location", .text).notNull()
                t.column("relativePath", .blob).notNull()
                t.column("size", .integer).notNull()
                t.column("modificationTime", .integer).notNull()
                t.column("type", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("reason", .text)
                t.uniqueKey(["location", "relativePath"])
            }
            // Its rowid is the document's id. remove_diacritics finds
            // "café" by "cafe"; the name is a column so that bm25 weighs it.
            try db.execute(sql: "CREATE VIRTUAL TABLE searchText USING fts5(name, content, tokenize = 'unicode61 remove_diacritics 2')")
        }
        migrator.registerMigration("v2: the listing last indexed") { db in
            // One row per set of locations searched: the fingerprint of the
            // listing the index was last brought up to date with, whole.
            try db.create(table: "searchFingerprint") { t in
                t.primaryKey("locations", .text)
                t.column("value", .integer).notNull()
            }
            // FTS5 writes a segment, to be merged later, each time its
            // in-memory terms reach 1 MiB: at 16 MiB a transaction's texts
            // (transactionBytes) are one segment, and the first index
            // costs a third less. FTS5 keeps the setting in the file.
            try db.execute(sql: "INSERT INTO searchText (searchText, rank) VALUES ('hashsize', \(16 << 20))")
        }
        migrator.registerMigration("v3: a count of writes") { db in
            // Every write adds one, so an update can tell whether another
            // search wrote between its listing and its fingerprint.
            try db.create(table: "searchGeneration") { t in
                t.column("value", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO searchGeneration (value) VALUES (0)")
            try db.execute(sql: "DELETE FROM searchFingerprint")
        }
        return migrator
    }

    /// The fingerprint recorded by the last complete update of `locations`,
    /// if no write has happened since.
    func fingerprint(of locations: [Location]) throws(DocKitError) -> ListingFingerprint? {
        try access { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM searchFingerprint WHERE locations = ?"), arguments: [Self.name(of: locations)])
                .map(ListingFingerprint.init(value:))
        }
    }

    /// How many writes the index has had.
    func generation() throws(DocKitError) -> Int64 {
        try access { db in try Int64.fetchOne(db, sql: "SELECT value FROM searchGeneration") ?? 0 }
    }

    /// Records that the index of `locations` is up to date with the listing
    /// `fingerprint` was made of, unless a write other than the caller's
    /// happened since it saw `generation`: another search may have written
    /// an older text of a document in between. Every write forgets it again.
    func record(_ fingerprint: ListingFingerprint, for locations: [Location], ifGeneration generation: Int64) throws(DocKitError) {
        try access { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO searchFingerprint (locations, value) SELECT ?, ? WHERE (SELECT value FROM searchGeneration) = ?",
                arguments: [Self.name(of: locations), fingerprint.value, generation])
        }
    }

    private static func name(of locations: [Location]) -> String {
        Set(locations).map(\.rawValue).sorted().joined(separator: ",")
    }

    /// Every row of `locations`, by key.
    func rows(in locations: [Location]) throws(DocKitError) -> [Key: Row] {
        try access { db in
            try Self.rows(try GRDB.Row.fetchCursor(db, sql: "SELECT \(Self.rowColumns) FROM searchDocument"), in: locations)
        }
    }

    /// The rows of `locations` whose document `term` is found in, by name or content.
    func rows(matching term: SearchTerm, in locations: [Location]) throws(DocKitError) -> [Key: Row] {
        try access { db in
            let sql = "SELECT \(Self.rowColumns) FROM searchText JOIN searchDocument ON id = searchText.rowid WHERE searchText MATCH ?"
            return try Self.rows(try GRDB.Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [Self.pattern(term)]), in: locations)
        }
    }

    /// The rows of `keys` the index holds.
    func rows(for keys: some Sequence<Key>) throws(DocKitError) -> [Key: Row] {
        try access { db in
            let statement = try db.cachedStatement(sql: "SELECT \(Self.rowColumns) FROM searchDocument WHERE location = ? AND relativePath = ?")
            var rows: [Key: Row] = [:]
            for key in keys {
                rows.merge(try Self.rows(try GRDB.Row.fetchCursor(statement, arguments: [key.location.rawValue, Data(key.relativePath)]), in: [key.location])) { first, _ in first }
            }
            return rows
        }
    }

    private static let rowColumns = "id, location, relativePath, size, modificationTime, type, outcome, reason"

    private static func rows(_ cursor: RowCursor, in locations: [Location]) throws -> [Key: Row] {
        var rows: [Key: Row] = [:]
        while let row = try cursor.next() {
            guard let location = Location(rawValue: row[1]), locations.contains(location) else { continue }
            let path: Data = row[2]
            rows[Key(location: location, relativePath: Array(path))] = Self.Row(
                id: row[0], size: row[3], modificationTime: row[4], type: row[5], outcome: Outcome(rawValue: row[6]) ?? .failed, reason: row[7]
            )
        }
        return rows
    }

    /// Writes `entries` and removes the rows `removed` in one transaction:
    /// a batch is in the index whole or not at all, whenever the process
    /// is killed.
    ///
    /// - Returns: The rows written, in the order of `entries`, and the
    ///   index's ``generation()`` after the write.
    @discardableResult
    func write(_ entries: [Entry], removing removed: [Int64] = []) throws(DocKitError) -> (rows: [Row], generation: Int64) {
        try access { db in
            var written: [Row] = []
            var generation: Int64 = 0
            try db.inTransaction(.immediate) {
                try db.execute(sql: "DELETE FROM searchFingerprint")
                try db.execute(sql: "UPDATE searchGeneration SET value = value + 1")
                generation = try Int64.fetchOne(db, sql: "SELECT value FROM searchGeneration") ?? 0
                let deleteText = try db.cachedStatement(sql: "DELETE FROM searchText WHERE rowid = ?")
                let deleteDocument = try db.cachedStatement(sql: "DELETE FROM searchDocument WHERE id = ?")
                for id in removed {
                    try deleteText.execute(arguments: [id])
                    try deleteDocument.execute(arguments: [id])
                }
                let find = try db.cachedStatement(sql: "SELECT id FROM searchDocument WHERE location = ? AND relativePath = ?")
                let update = try db.cachedStatement(sql: "UPDATE searchDocument SET size = ?, modificationTime = ?, type = ?, outcome = ?, reason = ? WHERE id = ?")
                let insert = try db.cachedStatement(sql: "INSERT INTO searchDocument (location, relativePath, size, modificationTime, type, outcome, reason) VALUES (?, ?, ?, ?, ?, ?, ?)")
                let insertText = try db.cachedStatement(sql: "INSERT INTO searchText (rowid, name, content) VALUES (?, ?, ?)")
                for entry in entries {
                    let document = entry.document
                    let (outcome, content, reason) = Self.columns(of: entry.text)
                    let time = Nanoseconds.since1970(document.modificationDate)
                    let path = Data(document.relativePath.bytes)
                    let id: Int64
                    if let existing = try Int64.fetchOne(find, arguments: [document.location.rawValue, path]) {
                        id = existing
                        try update.execute(arguments: [document.size, time, document.type, outcome.rawValue, reason, id])
                        try deleteText.execute(arguments: [id])
                    } else {
                        try insert.execute(arguments: [document.location.rawValue, path, document.size, time, document.type, outcome.rawValue, reason])
                        id = db.lastInsertedRowID
                    }
                    try insertText.execute(arguments: [id, Self.unmarked(document.name), Self.unmarked(content)])
                    written.append(Row(id: id, size: document.size, modificationTime: time, type: document.type, outcome: outcome, reason: reason))
                }
                return .commit
            }
            return (written, generation)
        }
    }

    /// Empties the index; the next search reads every document again.
    public func removeAll() throws(DocKitError) {
        try access { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "DELETE FROM searchText")
                try db.execute(sql: "DELETE FROM searchDocument")
                try db.execute(sql: "DELETE FROM searchFingerprint")
                return .commit
            }
        }
    }

    private static func columns(of text: ExtractedText) -> (Outcome, String, String?) {
        switch text {
        case .text(let words): (.text, words, nil)
        case .none: (.none, "", nil)
        case .failed(let reason): (.failed, "", reason)
        }
    }

    /// `text` with every marker replaced by U+FFFD. It runs over every
    /// indexed byte, so on the UTF-8 itself: the markers are EE 80 80 and
    /// EE 80 81, U+FFFD is EF BF BD, the same length, and a lead byte EE
    /// never occurs inside another character, so the bytes are changed in
    /// place and only when a marker occurs, which is almost never.
    static func unmarked(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ markerOffset(in: $0, from: 0) }) != nil else { return text }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { bytes in
            var from = 0
            while let offset = markerOffset(in: UnsafeBufferPointer(bytes), from: from) {
                bytes[offset] = 0xEF
                bytes[offset + 1] = 0xBF
                bytes[offset + 2] = 0xBD
                from = offset + 3
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func markerOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = start
        while offset + 2 < bytes.count, let found = memchr(base + offset, 0xEE, bytes.count - 2 - offset) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[at + 1] == 0x80, bytes[at + 2] & 0xFE == 0x80 { return at }
            offset = at + 1
        }
        return nil
    }

    /// The bm25 score (lower is better, the name weighing ten times the
    /// content) of each document any of `terms` is found in.
    func scores(of terms: [SearchTerm]) throws(DocKitError) -> [Int64: Double] {
        guard !terms.isEmpty else { return [:] }
        return try access { db in
            let sql = "SELECT rowid, bm25(searchText, 10.0, 1.0) FROM searchText WHERE searchText MATCH ?"
            var scores: [Int64: Double] = [:]
            let cursor = try GRDB.Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [Self.pattern(anyOf: terms)])
            while let row = try cursor.next() { scores[row[0]] = row[1] as Double }
            return scores
        }
    }

    /// A few words of the content of each of `ids` around its best match
    /// of `terms`, made only for the hits returned: snippet() reads the
    /// document's text, which ranking every match does not.
    func snippets(of terms: [SearchTerm], for ids: [Int64]) throws(DocKitError) -> [Int64: String] {
        guard !terms.isEmpty, !ids.isEmpty else { return [:] }
        let pattern = Self.pattern(anyOf: terms)
        return try access { db in
            let statement = try db.cachedStatement(sql: "SELECT snippet(searchText, 1, ?, ?, '…', 12) FROM searchText WHERE searchText MATCH ? AND rowid = ?")
            var snippets: [Int64: String] = [:]
            for id in ids {
                snippets[id] = try String.fetchOne(statement, arguments: [String(Self.matchStart), String(Self.matchEnd), pattern, id])
            }
            return snippets
        }
    }

    private static func pattern(anyOf terms: [SearchTerm]) -> String {
        terms.map(pattern).joined(separator: " OR ")
    }

    /// The FTS5 query of one term, every character of it quoted: a term
    /// is never read as FTS5's own syntax.
    static func pattern(_ term: SearchTerm) -> String {
        let quoted = "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return term.isPrefix ? quoted + " *" : quoted
    }

    private func access<Value>(_ body: (Database) throws -> Value) throws(DocKitError) -> Value {
        do {
            return try queue.inDatabase(body)
        } catch {
            throw DocKitError(DatabaseAccessError(path: url.path, error: error))
        }
    }
}
