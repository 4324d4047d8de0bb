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
