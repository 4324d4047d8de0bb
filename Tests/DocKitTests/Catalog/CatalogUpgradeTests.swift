import Foundation
import GRDB
import Testing
@testable import DocKit

/// The catalog and the registry are caches: a home written by an earlier
/// layout must open, drop what it cannot read, and scan again, never crash.
@Suite("upgrading a home's databases")
struct CatalogUpgradeTests {
    /// Earlier versions kept both locations' rows in `Library/catalog.sqlite`.
    /// Its removal may have been cut short after any of its files, the
    /// database itself last.
    static let singleDatabaseFilesLeft: [[String]] = [["", "-wal", "-shm", ".lock"], ["", ".lock"], [""]]

    private static func library(_ directory: TemporaryDirectory) -> DocumentLibrary {
        DocumentLibrary(
            home: Home(url: directory.url), installation: .builtIn,
            trash: Trash(directory: RawPath(directory.url.appending(path: "Trash"))), environment: ["HOME": directory.url.path]
        )
    }

    @Test("the one catalog file of earlier versions is removed when the catalog is opened, however much of it an interrupted removal left, and each location's file is filled by a scan",
          arguments: singleDatabaseFilesLeft)
    func aSingleDatabaseIsRemoved(filesLeft: [String]) throws {
        let directory = try TemporaryDirectory("catalog-upgrade")
        let home = Home(url: directory.url)
        let database = home.libraryDirectory.appending(path: "catalog.sqlite").path
        try FileManager.default.createDirectory(at: home.libraryDirectory, withIntermediateDirectories: true)
        for suffix in filesLeft { #expect(FileManager.default.createFile(atPath: database + suffix, contents: Data("old".utf8))) }
        _ = try directory.write("hello", to: "Documents/a.txt")

        let opened = try Self.library(directory).openCatalog(registry: SystemTypes.registry)
        for suffix in filesLeft { #expect(!FileManager.default.fileExists(atPath: database + suffix), "catalog.sqlite\(suffix) is left") }
        #expect(try opened.catalog.documents(matching: DocumentQuery()).map(\.name) == ["a.txt"])
        let rows = try DatabaseQueue(path: CatalogStore.databaseURL(of: .local, in: home.catalogDirectory).path)
        #expect(try rows.read { db in try Data.fetchAll(db, sql: "SELECT relativePath FROM catalogRecord") } == [Data("a.txt".utf8)])
        try rows.close()
    }

    @Test("a catalog looked at without recovery, as shell completion does, leaves the old file alone")
    func aReadOnlyCatalogRemovesNothing() throws {
        let directory = try TemporaryDirectory("catalog-upgrade-read-only")
        let home = Home(url: directory.url)
        let database = home.libraryDirectory.appending(path: "catalog.sqlite").path
        try FileManager.default.createDirectory(at: home.libraryDirectory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: database, contents: Data("old".utf8)))
        _ = try Self.library(directory).readOnlyCatalog(registry: SystemTypes.registry)
        #expect(FileManager.default.fileExists(atPath: database))
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
