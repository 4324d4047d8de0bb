import Foundation
import GRDB
import Testing
@testable import DocKit

@Suite("a catalog database per location")
struct CatalogDatabasesTests {
    private static func relativePaths(in url: URL) throws -> [String] {
        let queue = try DatabaseQueue(path: url.path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in try Data.fetchAll(db, sql: "SELECT relativePath FROM catalogRecord ORDER BY relativePath") }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("each location's rows are in a file of its own, and only there")
    func eachLocationHasItsFile() throws {
        let home = try TestHome("catalog-files")
        try home.write("note", to: "Notes.txt")
        try home.write("plan", to: "Plan.md")
        try home.write("# hello", to: "Hello.md", in: .cloud)
        _ = try home.catalog().documents(matching: DocumentQuery())
        #expect(try Self.relativePaths(in: home.catalogDatabase(.local)) == ["Notes.txt", "Plan.md"])
        #expect(try Self.relativePaths(in: home.catalogDatabase(.cloud)) == ["Hello.md"])
    }

    @Test("a scan of one location opens that location's file only")
    func oneLocationOpensOneFile() throws {
        let home = try TestHome("catalog-one-file")
        try home.write("note", to: "Notes.txt")
        try home.write("# hello", to: "Hello.md", in: .cloud)
        var query = DocumentQuery()
        query.locations = [.local]
        #expect(try home.catalog().documents(matching: query).map(\.name) == ["Notes.txt"])
        #expect(FileManager.default.fileExists(atPath: home.catalogDatabase(.local).path))
        #expect(!FileManager.default.fileExists(atPath: home.catalogDatabase(.cloud).path))
    }

    @Test("one location's rows are written while a write to the other's is in progress: the two scans of a listing do not wait for each other")
    func writesToTwoLocationsDoNotWait() throws {
        let home = try TestHome("catalog-parallel-writes")
        try home.write("note", to: "Notes.txt")
        try home.write("# hello", to: "Hello.md", in: .cloud)
        _ = try home.catalog().documents(matching: DocumentQuery())
        let store = home.catalogStore
        let cloud = try store.entries(in: .cloud, documentsDirectory: home.documentsDirectory(.cloud))
        // As the local scan writes a batch: a transaction on the local
        // database, not committed yet.
        let besideTheOther = try HeldTransaction.work({
            try? store.write(.cloud, changed: [], removed: Array(cloud.keys))
        }, finishesWhile: "DELETE FROM catalogRecord", isOpenOn: store.database(of: .local).queue)
        #expect(besideTheOther, "the cloud's rows were written only once the local write was over")
        #expect(try store.entries(in: .cloud, documentsDirectory: home.documentsDirectory(.cloud)).isEmpty)
    }
}
