import Foundation
import GRDB
import Testing
@testable import DocKit

/// The catalog and the registry are caches: a home written by an earlier
/// layout must open, drop what it cannot read, and scan again, never crash.
@Suite("upgrading a home's databases")
struct CatalogUpgradeTests {
    @Test func aCatalogInTheFirstLayoutIsDroppedAndRebuilt() throws {
        let directory = try TemporaryDirectory("catalog-upgrade")
        let home = Home(url: directory.url)
        let database = home.libraryDirectory.appending(path: "catalog.sqlite")
        try FileManager.default.createDirectory(at: home.libraryDirectory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: catalog');
                CREATE TABLE catalogEntry (location TEXT NOT NULL, relativePath BLOB NOT NULL, type TEXT NOT NULL, payload BLOB NOT NULL, PRIMARY KEY (location, relativePath));
                INSERT INTO catalogEntry VALUES ('local', X'612E747874', 'public.plain-text', X'7B7D');
                """)
        }
        try queue.close()
        _ = try directory.write("hello", to: "Documents/a.txt")

        let catalog = try DocumentCatalog(home: home, registry: SystemTypes.registry)
        let documents = try catalog.documents(matching: DocumentQuery())
        #expect(documents.map(\.name) == ["a.txt"])
        #expect(documents.first?.size == 5)
    }

    /// The fourth layout kept entries in a rowid table; the fifth keeps
    /// them in their key's order. The rows are moved, not dropped: a home
    /// upgraded lists as fast as before at once, without typing again.
    @Test func entriesInTheFourthLayoutAreKeptInTheirKeysOrder() throws {
        let home = try TestHome("entries-upgrade")
        try home.write("note", to: "Notes.txt")
        try home.write("# hello", to: "Hello.md", in: .cloud)
        var catalog = try home.catalog()
        catalog.scanner.racyWindow = 0
        _ = try catalog.documents(matching: DocumentQuery())
        // Put the table back as the fourth layout had it, with a display
        // name only the row holds.
        let queue = try DatabaseQueue(path: home.catalogDatabase.path)
        let before = try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE rowidEntry AS SELECT * FROM catalogEntry;
                DROP TABLE catalogEntry;
                ALTER TABLE rowidEntry RENAME TO catalogEntry;
                CREATE UNIQUE INDEX catalogEntryKey ON catalogEntry (location, relativePath);
                UPDATE catalogEntry SET displayName = 'Kept across the upgrade' WHERE relativePath = CAST('Notes.txt' AS BLOB);
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v5%';
                """)
            return try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'catalogEntry'")
        }
        try queue.close()
        #expect(before?.contains("WITHOUT ROWID") == false)

        var upgraded = try home.catalog()
        upgraded.scanner.racyWindow = 0
        let documents = try upgraded.documents(matching: DocumentQuery())
        #expect(documents.map(\.displayName) == ["Hello", "Kept across the upgrade"])
        let reopened = try DatabaseQueue(path: home.catalogDatabase.path)
        let (after, rows) = try reopened.read { db in
            (try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'catalogEntry'"), try Int.fetchOne(db, sql: "SELECT count(*) FROM catalogEntry"))
        }
        try reopened.close()
        #expect(after?.contains("WITHOUT ROWID") == true)
        #expect(rows == 2)
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
