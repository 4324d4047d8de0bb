import Foundation
import GRDB
import Synchronization

/// The SQLite file that holds one location's part of the catalog. Each
/// location has a file of its own because SQLite lets one connection
/// write a file at a time: with one file for both, the scan of one
/// location waited while the other's rows were written, and a first
/// listing of two large folders spent its time in that queue.
final class CatalogDatabase: Sendable {
    /// The connection that writes, and reads what is not a scan's.
    let queue: DatabaseQueue
    let path: String
    /// Connections for reading the rows, lent one to a scan at a time
    /// (``borrowReader()``), so that a scan reads while `queue` writes.
    private let readers = Mutex<[DatabaseQueue]>([])

    /// Opens (creating and migrating if needed) the file at `url`.
    init(url: URL) throws(DocKitError) {
        path = url.path
        do {
            queue = try SQLiteDatabase.openQueue(at: url, migrator: Self.migrator)
        } catch {
            throw DocKitError(DatabaseAccessError(path: url.path, error: error))
        }
    }

    deinit {
        // The readers close first: the connection that closes last
        // checkpoints the WAL and empties it, which a read-only one cannot
        // do, and a WAL left with its frames is synced by the next command
        // to close last, though it only read.
        readers.withLock { $0.removeAll() }
    }

    /// A connection of its own for reading, from the last commit of
    /// `queue`; give it back with ``returnReader(_:)``.
    func borrowReader() throws(DocKitError) -> DatabaseQueue {
        if let reader = readers.withLock({ $0.popLast() }) { return reader }
        do {
            return try SQLiteDatabase.openReader(at: path)
        } catch {
            throw DocKitError(DatabaseAccessError(path: path, error: error))
        }
    }

    func returnReader(_ reader: DatabaseQueue) {
        readers.withLock { $0.append(reader) }
    }

    /// A new layout starts empty and the next scan fills it: the file is a
    /// cache of the disk.
    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: a location's catalog") { db in
            // Without a rowid, the rows are stored in their key's order, so
            // a scan reads them in the order it asks for them, from one tree.
            try db.create(table: "catalogEntry", options: .withoutRowID) { t in
                t.primaryKey("relativePath", .blob)
                t.column("name", .text).notNull()
                t.column("displayName", .text).notNull()
                t.column("type", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("modificationTime", .integer).notNull()
                t.column("flags", .integer).notNull()
                t.column("states", .text).notNull()
                t.column("statusKind", .text).notNull()
                t.column("statusSize", .integer).notNull()
                t.column("statusModificationTime", .integer).notNull()
                t.column("statusChangeTime", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("device", .integer).notNull()
                t.column("mode", .integer).notNull()
                t.column("package", .blob)
            }
            try db.create(table: "catalogSetting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            // The Documents folder's names: one row, which `record(_:of:)`
            // replaces whole, since the folder may move.
            try db.create(table: "folderNames") { t in
                t.primaryKey("path", .blob)
                t.column("device", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("modificationTime", .integer).notNull()
                t.column("changeTime", .integer).notNull()
                t.column("names", .blob).notNull()
            }
        }
        migrator.registerMigration("v2: an entry as one record") { db in
            // The records go in a table of their own, and the old rows (a
            // cache) are dropped: the next scan makes them again. The old
            // table stays, empty, for an earlier version run on the same
            // home: it takes the file's migrations as done, and would fail
            // at every listing if its table had gone or changed.
            try db.execute(sql: "DELETE FROM catalogEntry")
            try db.create(table: "catalogRecord", options: .withoutRowID) { t in
                t.primaryKey("relativePath", .blob)
                // ``CatalogRecord``'s bytes.
                t.column("record", .blob).notNull()
            }
        }
        migrator.registerMigration("v3: changes docbrowser made itself") { db in
            // ``CatalogStore/OwnChange``: read only for a document within
            // its quiet period, by path.
            try db.create(table: "ownChange", options: .withoutRowID) { t in
                t.primaryKey("relativePath", .blob)
                t.column("device", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("changeTime", .integer).notNull()
            }
        }
        migrator.registerMigration("v4: packages' whole trees") { db in
            // ``CatalogStore/RememberedTree``: read for a cloud package
            // when it is examined, by path.
            try db.create(table: "packageTree", options: .withoutRowID) { t in
                t.primaryKey("relativePath", .blob)
                // ``PackageContents`` as JSON, as a record keeps them.
                t.column("whole", .blob).notNull()
                // ``CatalogStore/RememberedTree/State``'s raw value.
                t.column("state", .integer).notNull()
            }
        }
        return migrator
    }
}
