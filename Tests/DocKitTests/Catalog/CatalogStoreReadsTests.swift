import Foundation
import GRDB
import Testing
@testable import DocKit

@Suite("catalog reads")
struct CatalogStoreReadsTests {
    /// A home whose `a.txt` and `b.txt` a listing has catalogued, and its
    /// catalog's folder.
    private static func cataloguedHome() throws -> (directory: TemporaryDirectory, catalog: URL) {
        let directory = try TemporaryDirectory("catalog-reads")
        let home = Home(url: directory.url)
        _ = try directory.write("a", to: "Documents/a.txt")
        _ = try directory.write("b", to: "Documents/b.txt")
        _ = try DocumentCatalog.isolated(home: home).documents(matching: DocumentQuery())
        return (directory, home.catalogDirectory)
    }

    @Test("a lookup leaves no read open: a write after another process's write waits its turn instead of failing at once")
    func lookupLeavesNoSnapshotOpen() throws {
        let (directory, catalog) = try Self.cataloguedHome()
        defer { withExtendedLifetime(directory) {} }
        let store = CatalogStore(directory: catalog)
        let found = try store.entries(in: .local, documentsDirectory: RawPath(bytes: []), relativePaths: [RawPath(bytes: Array("a.txt".utf8))])
        #expect(found.count == 1)
        // Another process writes in between, as a listing on the same home does.
        let other = try DatabaseQueue(path: CatalogStore.databaseURL(of: .local, in: catalog).path)
        try other.write { db in try db.execute(sql: "UPDATE catalogRecord SET record = record WHERE relativePath = ?", arguments: [Data("b.txt".utf8)]) }
        try other.close()
        try store.write(.local, changed: [], removed: [RawPath(bytes: Array("b.txt".utf8))])
        let left = try store.entries(in: .local, documentsDirectory: RawPath(bytes: []))
        #expect(left.keys.map(\.description) == ["a.txt"])
    }

    /// What a reading thread found, handed over through a semaphore.
    private final class Found: @unchecked Sendable {
        var names: [String] = []
    }

    @Test("a scan reads its rows on a connection of its own: a write in progress on the catalog's connection does not hold it up, and it reads the last commit")
    func rowsAreReadBesideAWriteInProgress() throws {
        let (directory, catalog) = try Self.cataloguedHome()
        defer { withExtendedLifetime(directory) {} }
        let store = CatalogStore(directory: catalog)
        let found = Found()
        // As another location's scan writes what it found: a transaction
        // on the catalog's own connection, not committed yet.
        let readBesideTheWrite = try HeldTransaction.work({
            let rows = store.sortedEntries(in: .local, documentsDirectory: RawPath(bytes: []))
            for name in ["a.txt", "b.txt"] {
                if let entry = try? rows.entry(at: RawPath(bytes: Array(name.utf8))) { found.names.append(entry.document.name) }
            }
        }, finishesWhile: "DELETE FROM catalogRecord WHERE relativePath = ?", arguments: [Data("b.txt".utf8)], isOpenOn: store.database(of: .local).queue)
        #expect(readBesideTheWrite, "the rows were read only once the write was over")
        #expect(found.names == ["a.txt", "b.txt"])
        #expect(try store.entries(in: .local, documentsDirectory: RawPath(bytes: [])).keys.map(\.description) == ["a.txt"])
    }
}
