import Foundation
import GRDB
import Testing
@testable import DocKit

/// The catalog and the registry are caches: a home written by an earlier
/// layout must open, drop what it cannot read, and scan again, never crash.
@Suite("upgrading a home's databases")
struct CatalogUpgradeTests {
    /// What earlier versions kept in `Library/catalog.sqlite`, both
    /// locations' rows in one file: the first layout (a JSON payload per
    /// row) and the last (a column per field, in the key's order).
    static let singleDatabaseLayouts = [
        """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: catalog');
        CREATE TABLE catalogEntry (location TEXT NOT NULL, relativePath BLOB NOT NULL, type TEXT NOT NULL, payload BLOB NOT NULL, PRIMARY KEY (location, relativePath));
        INSERT INTO catalogEntry VALUES ('local', X'612E747874', 'public.plain-text', X'7B7D');
        """,
        """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: catalog'), ('v2: catalog entries as columns'), ('v3: catalog settings'),
            ('v4: folder names'), ('v5: catalog entries in their key''s order');
        CREATE TABLE catalogEntry (location TEXT NOT NULL, relativePath BLOB NOT NULL, name TEXT NOT NULL, displayName TEXT NOT NULL,
            type TEXT NOT NULL, size INTEGER NOT NULL, modificationTime INTEGER NOT NULL, flags INTEGER NOT NULL, states TEXT NOT NULL,
            statusKind TEXT NOT NULL, statusSize INTEGER NOT NULL, statusModificationTime INTEGER NOT NULL, statusChangeTime INTEGER NOT NULL,
            inode INTEGER NOT NULL, device INTEGER NOT NULL, mode INTEGER NOT NULL, package BLOB, PRIMARY KEY (location, relativePath)) WITHOUT ROWID;
        INSERT INTO catalogEntry VALUES ('local', X'612E747874', 'a.txt', 'From the old file', 'public.plain-text', 1, 0, 0, '',
            'regular', 5, 0, 0, 0, 0, 33188, NULL);
        CREATE TABLE catalogSetting (key TEXT NOT NULL PRIMARY KEY, value TEXT NOT NULL);
        """,
    ]

    @Test("a catalog in one file for both locations, as earlier versions kept it, is removed, and each location's file is filled by a scan",
          arguments: singleDatabaseLayouts)
    func aSingleDatabaseIsRemovedAndRebuilt(layout: String) throws {
        let directory = try TemporaryDirectory("catalog-upgrade")
        let home = Home(url: directory.url)
        let database = home.libraryDirectory.appending(path: "catalog.sqlite")
        try FileManager.default.createDirectory(at: home.libraryDirectory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in try db.execute(sql: layout) }
        try queue.close()
        let leftovers = ["-wal", "-shm", ".lock"].map { database.path + $0 }
        for leftover in leftovers { #expect(FileManager.default.createFile(atPath: leftover, contents: Data())) }
        _ = try directory.write("hello", to: "Documents/a.txt")

        let catalog = try DocumentCatalog(home: home, registry: SystemTypes.registry)
        let documents = try catalog.documents(matching: DocumentQuery())
        #expect(documents.map(\.name) == ["a.txt"])
        #expect(documents.first?.size == 5)
        #expect(documents.first?.displayName == "a", "the old file's row is not read")
        for path in [database.path] + leftovers { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left") }
        let rows = try DatabaseQueue(path: CatalogStore.databaseURL(of: .local, in: home.libraryDirectory.appending(path: "Catalog")).path)
        #expect(try rows.read { db in try Data.fetchAll(db, sql: "SELECT relativePath FROM catalogEntry") } == [Data("a.txt".utf8)])
        try rows.close()
    }

    @Test func aRegistryWithConformancesInTheFirstLayoutIsRebuilt() throws {
        let directory = try TemporaryDirectory("registry-upgrade")
        let database = directory.url.appending(path: "types.sqlite")
        let sources = TypeSources(systemDirectories: [SystemTypes.directory])
        _ = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        // Put the database back as the first layout left it: JSON arrays of
        // conformances, and only the first migration applied.
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE type SET conformsTo = '[\"public.data\"]'")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v2%'")
        }
        try queue.close()
        // Nor had that layout an index of the registry.
        try FileManager.default.removeItem(at: directory.url.appending(path: "types.index"))

        let snapshot = try TypeRegistryStore(databaseURL: database, sources: sources).snapshot()
        #expect(snapshot.rebuild != nil)
        #expect(snapshot.registry.type(withIdentifier: "com.adobe.pdf")?.conformsTo == ["public.data", "public.composite-content"])
    }
}
