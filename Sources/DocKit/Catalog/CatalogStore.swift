import Foundation
import GRDB

/// The catalog: what the scanner last found in each location, kept in
/// SQLite so that the next scan re-reads only what changed. It is a cache
/// of the disk, never an authority over it.
public final class CatalogStore: Sendable {
    /// A catalogued entry and what it looked like on disk when catalogued.
    struct Entry: Sendable, Hashable, Codable {
        var document: Document
        var status: FileStatus
        var package: PackageContents?
    }

    private let pool: DatabasePool
    private let path: String

    public init(databaseURL: URL) throws(DatabaseAccessError) {
        path = databaseURL.path
        do {
            pool = try SQLiteDatabase.openPool(at: databaseURL, migrator: Self.migrator)
        } catch {
            throw DatabaseAccessError(path: databaseURL.path, error: error)
        }
    }

    func entries(in location: Location) throws(DatabaseAccessError) -> [RawPath: Entry] {
        do {
            return try pool.read { db in
                var entries: [RawPath: Entry] = [:]
                let decoder = JSONDecoder()
                for row in try Row.fetchAll(db, sql: "SELECT payload FROM catalogEntry WHERE location = ?", arguments: [location.rawValue]) {
                    let data: Data = row[0]
                    // An entry written by another version is simply re-scanned.
                    if let entry = try? decoder.decode(Entry.self, from: data) {
                        entries[entry.document.relativePath] = entry
                    }
                }
                return entries
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
    }

    /// Makes the catalog of `location` match `entries` for the paths
    /// `inScope` accepts, writing only rows that changed.
    func reconcile(_ location: Location, with entries: [Entry], previous: [RawPath: Entry], inScope: (RawPath) -> Bool) throws(DatabaseAccessError) {
        let current = Dictionary(entries.map { ($0.document.relativePath, $0) }) { first, _ in first }
        let changed = entries.filter { previous[$0.document.relativePath] != $0 }
        let removed = previous.keys.filter { inScope($0) && current[$0] == nil }
        guard !changed.isEmpty || !removed.isEmpty else { return }
        do {
            let encoder = JSONEncoder()
            let payloads = try changed.map { ($0, try encoder.encode($0)) }
            try pool.write { db in
                for relativePath in removed {
                    try db.execute(sql: "DELETE FROM catalogEntry WHERE location = ? AND relativePath = ?", arguments: [location.rawValue, Data(relativePath.bytes)])
                }
                for (entry, payload) in payloads {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO catalogEntry (location, relativePath, type, payload) VALUES (?, ?, ?, ?)",
                        arguments: [location.rawValue, Data(entry.document.relativePath.bytes), entry.document.type, payload]
                    )
                }
            }
        } catch {
            throw DatabaseAccessError(path: path, error: error)
        }
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
        return migrator
    }
}
