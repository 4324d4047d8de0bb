import Foundation
import GRDB
import GRDBSQLite

/// Opens the SQLite databases of a home the way several processes can
/// share them: WAL mode, a busy timeout, and migrations run under a file
/// lock so that two processes starting on a new home do not both create
/// the same tables.
///
/// A queue, not a pool: GRDB's pool writes a transaction whenever it finds
/// no WAL file, and SQLite removes that file when the last connection
/// closes, so every command that only read cost four fdatasyncs per
/// database. A queue on a database in WAL mode shares it with other
/// processes just as well, and reading writes nothing.
enum SQLiteDatabase {
    static let busyTimeout: TimeInterval = 30
    /// 64 MiB: SQLite checkpoints at 1,000 pages, about 4 MiB.
    static let walSizeLimit = 64 << 20

    static func openQueue(at url: URL, migrator: DatabaseMigrator) throws -> DatabaseQueue {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = url.lastPathComponent
        configuration.prepareDatabase { db in
            // Both are no-ops, and write nothing, once the file is in WAL mode.
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The WAL and its index stay between commands, emptied rather
            // than removed: otherwise each command creates both files
            // (writing the index's pages) and the last to close removes
            // them, three changes to the folder for a command that only read.
            // SQLite empties a persistent WAL at close when a size limit is
            // set; one above what a WAL reaches between checkpoints leaves
            // it alone while a listing writes.
            var persist: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
        }
        // Switching a new file to WAL fails at once, busy timeout or not,
        // while another process is doing the same: the lock orders them.
        let lock = try FileLock(path: url.path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        // Migrating takes a write transaction even when there is nothing to
        // do; a database already up to date is only read.
        if try queue.read(migrator.hasCompletedMigrations) { return queue }
        try migrator.migrate(queue)
        return queue
    }

    /// A second connection to a database that ``openQueue(at:migrator:)``
    /// has opened, for reading only: in WAL mode any number of
    /// connections read beside the one that writes, each from the last
    /// commit, while a queue's reads and writes wait for one another.
    static func openReader(at path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = (path as NSString).lastPathComponent + " (reader)"
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}

/// A database that could not be opened or used.
struct DatabaseAccessError: DocKitFailure {
    /// The database file.
    var path: String
    /// What went wrong: the SQLite result code and message, or the underlying error.
    var reason: String
    var code: DocKitError.Code { .database }

    var document: String? { path }
    /// `path: reason`.
    var description: String { "\(path): \(reason)" }

    init(path: String, error: any Error) {
        self.path = path
        if let error = error as? DatabaseError {
            reason = "SQLite error \(error.resultCode.rawValue): \(error.message ?? "\(error)")"
        } else if let error = error as? DocKitError {
            reason = error.description
        } else {
            reason = Self.reason(of: error as NSError)
        }
    }

    /// Foundation's errors, such as a folder that cannot be made, said as
    /// `ls` would say them, never as a dump of their user info.
    private static func reason(of error: NSError) -> String {
        let file = error.userInfo[NSFilePathErrorKey] as? String
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }), underlying.domain == NSPOSIXErrorDomain {
            return (file.map { "\($0): " } ?? "") + String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain {
            return (file.map { "\($0): " } ?? "") + String(cString: strerror(Int32(error.code)))
        }
        return (file.map { "\($0): " } ?? "") + "\(error.domain) error \(error.code)"
    }
}
