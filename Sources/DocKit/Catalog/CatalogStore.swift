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

    /// The folder of the locations' databases, such as `HOME/Library/Catalog`.
    let directory: URL
    /// Each location's database, opened when the location is first read
    /// or written: a command about one document opens one file.
    private let localDatabase = Mutex<CatalogDatabase?>(nil)
    private let cloudDatabase = Mutex<CatalogDatabase?>(nil)

    /// The catalog whose databases are in `directory`, one file per
    /// location (``databaseURL(of:in:)``); none is opened yet.
    ///
    /// - Parameter directory: The folder, such as `HOME/Library/Catalog`.
    init(directory: URL) {
        self.directory = directory
    }

    /// Where `location`'s database is in `directory`.
    static func databaseURL(of location: Location, in directory: URL) -> URL {
        directory.appending(path: "\(location.rawValue).sqlite")
    }

    /// The database of `location`, opened (created and migrated if need
    /// be) at the first call.
    func database(of location: Location) throws(DocKitError) -> CatalogDatabase {
        let url = Self.databaseURL(of: location, in: directory)
        // Each location has a lock of its own: the two scans of a listing
        // open their files at once.
        switch location {
        case .local: return try localDatabase.withLock { database throws(DocKitError) in try Self.open(&database, at: url) }
        case .cloud: return try cloudDatabase.withLock { database throws(DocKitError) in try Self.open(&database, at: url) }
        }
    }

    private static func open(_ database: inout CatalogDatabase?, at url: URL) throws(DocKitError) -> CatalogDatabase {
        if let database { return database }
        let opened = try CatalogDatabase(url: url)
        database = opened
        return opened
    }

    func entries(in location: Location, documentsDirectory: RawPath) throws(DocKitError) -> [RawPath: Entry] {
        let database = try database(of: location)
        do {
            return try database.queue.read { db in
                var entries: [RawPath: Entry] = [:]
                let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM catalogRecord")
                let rows = SQLiteRowReader(statement, in: db)
                defer { rows.finish() }
                let page = Page()
                while try rows.step() {
                    // A row this version cannot read is simply scanned again.
                    if let entry = Self.entry(from: rows, through: page, location: location, documentsDirectory: documentsDirectory) {
                        entries[entry.document.relativePath] = entry
                    }
                }
                return entries
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// The entries of `location` at these paths, looked up one by one, so
    /// that finding one document reads one row, not the location's.
    func entries(in location: Location, documentsDirectory: RawPath, relativePaths: [RawPath]) throws(DocKitError) -> [RawPath: Entry] {
        let database = try database(of: location)
        do {
            return try database.queue.read { db in
                var entries: [RawPath: Entry] = [:]
                let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM catalogRecord WHERE relativePath = ?")
                let page = Page()
                for relativePath in relativePaths {
                    try statement.setArguments([Data(relativePath.bytes)])
                    let rows = SQLiteRowReader(statement, in: db)
                    defer { rows.finish() }
                    if try rows.step(), let entry = Self.entry(from: rows, through: page, location: location, documentsDirectory: documentsDirectory) {
                        entries[relativePath] = entry
                    }
                }
                return entries
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// The digest of the type registry the entries of `location` were typed
    /// with; entries typed with another registry must be typed again.
    func registryDigest(of location: Location) throws(DocKitError) -> String? {
        let database = try database(of: location)
        do {
            return try database.queue.read(Self.registryDigest)
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    func setRegistryDigest(_ digest: String, of location: Location) throws(DocKitError) {
        let database = try database(of: location)
        do {
            try database.queue.write { db in try Self.setRegistryDigest(digest, in: db) }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    private static func registryDigest(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM catalogSetting WHERE key = 'registryDigest'")
    }

    private static func setRegistryDigest(_ digest: String, in db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO catalogSetting (key, value) VALUES ('registryDigest', ?)", arguments: [digest])
    }

    /// Makes the catalog of `location` match `entries` for the paths
    /// `inScope` accepts, writing only rows that changed. With `digest`,
    /// the registry that typed `entries`, nothing is written unless the
    /// location's rows are still that registry's when the write begins:
    /// another process may have adopted another registry since.
    func reconcile(
        _ location: Location, with entries: [Entry], previous: [RawPath: Entry], typedBy digest: String? = nil, inScope: (RawPath) -> Bool
    ) throws(DocKitError) {
        let current = Set(entries.map(\.document.relativePath))
        let changed = entries.filter { previous[$0.document.relativePath] != $0 }
        let removed = previous.keys.filter { inScope($0) && !current.contains($0) }
        try write(location, changed: changed, removed: removed, typedBy: digest)
    }

    /// Writes `changed` entries over their rows and deletes the rows at
    /// `removed`, in one transaction; nothing at all when both are empty,
    /// or when `digest` is given and is not the location's registry.
    func write(_ location: Location, changed: [Entry], removed: [RawPath], typedBy digest: String? = nil) throws(DocKitError) {
        guard !changed.isEmpty || !removed.isEmpty else { return }
        let database = try database(of: location)
        do {
            try database.queue.write { db in
                if let digest, try Self.registryDigest(db) != digest { return }
                for relativePath in removed {
                    if location == .cloud { try Self.rememberVanishedPackage(at: relativePath, in: db) }
                    try db.execute(sql: "DELETE FROM catalogRecord WHERE relativePath = ?", arguments: [Data(relativePath.bytes)])
                }
                try Self.insert(changed, in: db)
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    /// Replaces every row of `location` with `entries`, typed by the
    /// registry whose digest is `digest`, in one transaction: how a scan of
    /// one folder adopts a new registry. Rows typed by the old one would
    /// all be typed again anyway; kept, they would keep the location's
    /// digest old, and every later lookup would type and write its
    /// entries again. When another process has adopted the same registry
    /// since the digest was read (a listing just ended), its rows are kept
    /// and `entries` written among them.
    func replaceAll(_ location: Location, with entries: [Entry], typedBy digest: String) throws(DocKitError) {
        let database = try database(of: location)
        do {
            try database.queue.write { db in
                if try Self.registryDigest(db) != digest {
                    try db.execute(sql: "DELETE FROM catalogRecord")
                    try Self.setRegistryDigest(digest, in: db)
                }
                try Self.insert(entries, in: db)
            }
        } catch {
            throw DocKitError(DatabaseAccessError(path: database.path, error: error))
        }
    }

    private static func insert(_ entries: [Entry], in db: Database) throws {
        let encoder = JSONEncoder()
        var writer = SQLiteRowWriter("INSERT OR REPLACE INTO catalogRecord (relativePath, record)", columns: 2, rowsPerStatement: 256, in: db)
        // Each entry read where it lies: a copy of one retains each of its
        // strings and paths.
        try entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let entry = entries.baseAddress! + index
                writer.bind(blob: entry.pointee.document.relativePath.bytes)
                let package = try entry.pointee.package.map { try encoder.encode($0) }
                writer.bind(blobWrittenBy: { CatalogRecord.append(entry, package: package, to: &$0) })
                try writer.finishRow()
            }
        }
        try writer.finish()
    }

    struct Flags: OptionSet {
        let rawValue: Int
        static let package = Flags(rawValue: 1)
        static let folder = Flags(rawValue: 2)
        static let symbolicLink = Flags(rawValue: 4)
        static let typeWasGuessed = Flags(rawValue: 8)
        static let racy = Flags(rawValue: 16)
        static let all: Flags = [.package, .folder, .symbolicLink, .typeWasGuessed, .racy]

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
    static let columns = "relativePath, record"

    /// The entry of the row `rows` is at, in ``columns``' order, read
    /// through `page`, which is emptied first: one page serves every row.
    static func entry(from rows: SQLiteRowReader, through page: Page, location: Location, documentsDirectory: RawPath) -> Entry? {
        page.removeAll()
        page.append(from: rows)
        return page.entry(at: 0, location: location, documentsDirectory: documentsDirectory)
    }
}

extension CatalogStore {
    /// Removes `catalog.sqlite`, in which earlier versions kept both
    /// locations' rows, from `libraryDirectory`: it is a cache, and the
    /// next scan of each location fills that location's file.
    static func removeSingleDatabase(in libraryDirectory: URL) {
        let database = libraryDirectory.appending(path: "catalog.sqlite").path
        guard access(database, F_OK) == 0 else { return }
        // The database goes last: while it is there, this runs again.
        for suffix in ["-wal", "-shm", ".lock", ""] { unlink(database + suffix) }
    }
}
