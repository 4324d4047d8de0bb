import Foundation
import GRDB
import Synchronization

/// The catalog: what the scanner last found in each location, kept in
/// SQLite so that the next scan re-reads only what changed. It is a cache
/// of the disk, never an authority over it.
final class CatalogStore: Sendable {
    /// A catalogued entry and what it looked like on disk when catalogued.
    struct Entry: Sendable, Hashable {
        var document: Document
        var status: FileStatus
        var package: PackageContents?
        /// Changed so shortly before it was catalogued that a change within
        /// the same tick of the file-system clock would leave its
        /// signature as it is: such an entry is examined again next time
        /// (git's "racily clean" entries).
        var isRacy = false
    }

    let pool: DatabaseQueue
    let path: String
    /// Connections for reading a location's rows, lent one to a scan at a
    /// time (``borrowReader()``), so that the scans of two locations read
    /// at once instead of each waiting while the other reads through
    /// `pool`.
    private let readers = Mutex<[DatabaseQueue]>([])

    /// Opens (creating and migrating if needed) the catalog database.
    ///
    /// - Parameter databaseURL: The SQLite file, such as `HOME/Library/catalog.sqlite`.
    /// - Throws: ``DatabaseAccessError`` when it cannot be opened or migrated.
    public init(databaseURL: URL) throws(DatabaseAccessError) {
        path = databaseURL.path
        do {
            pool = try SQLiteDatabase.openQueue(at: databaseURL, migrator: Self.migrator)
        } catch {
            throw DatabaseAccessError(path: databaseURL.path, error: error)
        }
    }

    deinit {
        // The readers close first: the connection that closes last
        // checkpoints the WAL and removes it, which a read-only one cannot
        // do, and a WAL left behind is synced by the next command to close
        // last, though it only read.
        readers.withLock { $0.removeAll() }
    }

    /// A connection of its own for reading the catalog, from the last
    /// commit of `pool`; give it back with ``returnReader(_:)``.
    func borrowReader() throws(DatabaseAccessError) -> DatabaseQueue {
        if let reader = readers.withLock({ $0.popLast() }) { return reader }
        do {
            return try SQLiteDatabase.openReader(at: path)
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    func returnReader(_ reader: DatabaseQueue) {
        readers.withLock { $0.append(reader) }
    }

    func entries(in location: Location, documentsDirectory: RawPath) throws(DatabaseAccessError) -> [RawPath: Entry] {
        do {
            return try pool.read { db in
                var entries: [RawPath: Entry] = [:]
                let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM catalogEntry WHERE location = ?")
                try statement.setArguments([location.rawValue])
                var rows = SQLiteRowReader(statement, in: db)
                defer { rows.finish() }
                let page = Page()
                while try rows.step() {
                    // A row this version cannot read is simply scanned again.
                    if let entry = Self.entry(from: &rows, through: page, location: location, documentsDirectory: documentsDirectory) {
                        entries[entry.document.relativePath] = entry
                    }
                }
                return entries
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    /// The entries of `location` at these paths, looked up one by one, so
    /// that finding one document reads one row, not the location's.
    func entries(in location: Location, documentsDirectory: RawPath, relativePaths: [RawPath]) throws(DatabaseAccessError) -> [RawPath: Entry] {
        do {
            return try pool.read { db in
                var entries: [RawPath: Entry] = [:]
                let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM catalogEntry WHERE location = ? AND relativePath = ?")
                let page = Page()
                for relativePath in relativePaths {
                    try statement.setArguments([location.rawValue, Data(relativePath.bytes)])
                    var rows = SQLiteRowReader(statement, in: db)
                    defer { rows.finish() }
                    if try rows.step(), let entry = Self.entry(from: &rows, through: page, location: location, documentsDirectory: documentsDirectory) {
                        entries[relativePath] = entry
                    }
                }
                return entries
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    /// The digest of the type registry the entries of `location` were typed
    /// with; entries typed with another registry must be typed again.
    func registryDigest(of location: Location) throws(DatabaseAccessError) -> String? {
        do {
            return try pool.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM catalogSetting WHERE key = ?", arguments: ["registryDigest." + location.rawValue])
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    func setRegistryDigest(_ digest: String, of location: Location) throws(DatabaseAccessError) {
        do {
            try pool.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO catalogSetting (key, value) VALUES (?, ?)", arguments: ["registryDigest." + location.rawValue, digest])
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    /// Makes the catalog of `location` match `entries` for the paths
    /// `inScope` accepts, writing only rows that changed.
    func reconcile(_ location: Location, with entries: [Entry], previous: [RawPath: Entry], inScope: (RawPath) -> Bool) throws(DatabaseAccessError) {
        let current = Set(entries.map(\.document.relativePath))
        let changed = entries.filter { previous[$0.document.relativePath] != $0 }
        let removed = previous.keys.filter { inScope($0) && !current.contains($0) }
        try write(location, changed: changed, removed: removed)
    }

    /// Writes `changed` entries over their rows and deletes the rows at
    /// `removed`, in one transaction; nothing at all when both are empty.
    func write(_ location: Location, changed: [Entry], removed: [RawPath]) throws(DatabaseAccessError) {
        guard !changed.isEmpty || !removed.isEmpty else { return }
        do {
            let encoder = JSONEncoder()
            try pool.write { db in
                for relativePath in removed {
                    try db.execute(sql: "DELETE FROM catalogEntry WHERE location = ? AND relativePath = ?", arguments: [location.rawValue, Data(relativePath.bytes)])
                }
                var writer = SQLiteRowWriter("""
                    INSERT OR REPLACE INTO catalogEntry (location, relativePath, name, displayName, type, size, modificationTime,
                        flags, states, statusKind, statusSize, statusModificationTime, statusChangeTime, inode, device, mode, package)
                    """, columns: 17, in: db)
                // Each entry read where it lies: a copy of one retains each
                // of its strings and paths.
                try changed.withUnsafeBufferPointer { entries in
                    for index in entries.indices {
                        try Self.bind(entries[index], location: location, encoder: encoder, to: &writer)
                        try writer.finishRow()
                    }
                }
                try writer.finish()
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    private static func bind(_ entry: borrowing Entry, location: Location, encoder: JSONEncoder, to writer: inout SQLiteRowWriter) throws {
        writer.bind(location.rawValue)
        writer.bind(blob: entry.document.relativePath.bytes)
        writer.bind(entry.document.name)
        writer.bind(entry.document.displayName)
        writer.bind(entry.document.type)
        writer.bind(entry.document.size)
        writer.bind(Nanoseconds.since1970(entry.document.modificationDate))
        writer.bind(Flags(entry.document).union(entry.isRacy ? .racy : []).rawValue)
        writer.bind(entry.document.states.isEmpty ? "" : entry.document.states.map(\.rawValue).sorted().joined(separator: ","))
        writer.bind(entry.status.kind.rawValue)
        writer.bind(entry.status.size)
        writer.bind(entry.status.modificationTime)
        writer.bind(entry.status.changeTime)
        writer.bind(Int64(bitPattern: entry.status.inode))
        writer.bind(Int64(bitPattern: entry.status.device))
        writer.bind(Int64(entry.status.mode))
        if let package = entry.package { writer.bind(blob: try encoder.encode(package)) } else { writer.bindNull() }
    }

    struct Flags: OptionSet {
        let rawValue: Int
        static let package = Flags(rawValue: 1)
        static let folder = Flags(rawValue: 2)
        static let symbolicLink = Flags(rawValue: 4)
        static let typeWasGuessed = Flags(rawValue: 8)
        static let racy = Flags(rawValue: 16)

        init(rawValue: Int) { self.rawValue = rawValue }

        init(_ document: borrowing Document) {
            var flags: Flags = []
            if document.isPackage { flags.insert(.package) }
            if document.isFolder { flags.insert(.folder) }
            if document.isSymbolicLink { flags.insert(.symbolicLink) }
            if document.typeWasGuessed { flags.insert(.typeWasGuessed) }
            self = flags
        }
    }

    /// Read by position, not by name: a listing reads one row per
    /// document, and GRDB finds a column by name by lowercasing it.
    static let columns = "statusKind, relativePath, flags, states, modificationTime, name, displayName, type, size, "
        + "statusSize, statusModificationTime, statusChangeTime, inode, device, mode, package"

    /// The entry of the row `rows` is at, in ``columns``' order, read
    /// through `page`, which is emptied first: one page serves every row.
    static func entry(from rows: inout SQLiteRowReader, through page: Page, location: Location, documentsDirectory: RawPath) -> Entry? {
        page.removeAll()
        page.append(from: &rows)
        return page.entry(at: 0, location: location, documentsDirectory: documentsDirectory)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: catalog") { db in
            try db.create(table: "catalogEntry") { t in
                t.column("location", .text).notNull()
                t.column("relativePath", .blob).notNull()
                t.column("type", .text).notNull()
                t.column("payload", .blob).notNull()
                t.primaryKey(["location", "relativePath"])
            }
        }
        // The catalog is a cache of the disk: a new layout starts empty and
        // the next scan fills it.
        migrator.registerMigration("v2: catalog entries as columns") { db in
            try db.drop(table: "catalogEntry")
            try createEntryTable("catalogEntry", in: db)
        }
        migrator.registerMigration("v3: catalog settings") { db in
            try db.create(table: "catalogSetting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v4: folder names") { db in
            try db.create(table: "folderNames") { t in
                t.primaryKey("location", .text)
                t.column("path", .blob).notNull()
                t.column("device", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("modificationTime", .integer).notNull()
                t.column("changeTime", .integer).notNull()
                t.column("names", .blob).notNull()
            }
        }
        // A rowid table finds each row of its primary key's index in a
        // second tree, on every read and every write; stored in the key's
        // order, a location's rows are read in the order a scan asks for
        // them, from one tree. The rows are kept.
        migrator.registerMigration("v5: catalog entries in their key's order") { db in
            try createEntryTable("catalogEntryByKey", options: .withoutRowID, in: db)
            try db.execute(sql: "INSERT INTO catalogEntryByKey SELECT * FROM catalogEntry")
            try db.drop(table: "catalogEntry")
            try db.rename(table: "catalogEntryByKey", to: "catalogEntry")
        }
        return migrator
    }

    /// The entries' columns as migrations v2 and v5 made them: a new
    /// column is a new migration, never a change here, which would change
    /// what those two made.
    private static func createEntryTable(_ name: String, options: TableOptions = [], in db: Database) throws {
        try db.create(table: name, options: options) { t in
            t.column("location", .text).notNull()
            t.column("relativePath", .blob).notNull()
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
            t.primaryKey(["location", "relativePath"])
        }
    }
}
