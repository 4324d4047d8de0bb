import Foundation
import GRDB
import Testing
@testable import DocKit

@Suite("catalog reads")
struct CatalogStoreReadsTests {
    @Test("a lookup leaves no read open: a write after another process's write waits its turn instead of failing at once")
    func lookupLeavesNoSnapshotOpen() throws {
        let directory = try TemporaryDirectory("catalog-reads")
        let home = Home(url: directory.url)
        _ = try directory.write("a", to: "Documents/a.txt")
        _ = try directory.write("b", to: "Documents/b.txt")
        _ = try DocumentCatalog(home: home, registry: SystemTypes.registry).documents(matching: DocumentQuery())
        let database = home.libraryDirectory.appending(path: "catalog.sqlite")
        let store = try CatalogStore(databaseURL: database)
        let found = try store.entries(in: .local, documentsDirectory: RawPath(bytes: []), relativePaths: [RawPath(bytes: Array("a.txt".utf8))])
        #expect(found.count == 1)
        // Another process writes in between, as a listing on the same home does.
        let other = try DatabaseQueue(path: database.path)
        try other.write { db in try db.execute(sql: "UPDATE catalogEntry SET size = size + 1 WHERE relativePath = ?", arguments: [Data("b.txt".utf8)]) }
        try other.close()
        try store.write(.local, changed: [], removed: [RawPath(bytes: Array("b.txt".utf8))])
        let left = try store.entries(in: .local, documentsDirectory: RawPath(bytes: []))
        #expect(left.keys.map(\.description) == ["a.txt"])
    }
}
