import Foundation
import Testing
@testable import DocKit

@Suite("a Documents folder's names kept in the catalog with the folder's status")
struct FolderNamesTests {
    static let status = FileStatus(
        kind: .directory, size: 4096, modificationTime: 1_795_000_000_123_456_789, changeTime: 1_795_000_001_000_000_001,
        inode: UInt64.max - 7, device: 66_306, mode: 0o40755
    )

    @Test("names come back byte for byte, in their order: invalid UTF-8, a newline, 255 bytes, none at all")
    func namesRoundTrip() throws {
        let directory = try TemporaryDirectory("folder-names")
        let store = CatalogStore(directory: directory.url.appending(path: "Catalog"))
        #expect(try store.folderNames(of: .local) == nil)
        let names = [[0x41, 0x0A, 0x42], [0xFF, 0xFE], Array(repeating: 0x78, count: 255), Array("Café.txt".utf8), [0x2E, 0x2E, 0x2E]]
            .map { RawPath(bytes: $0) }
        let path = RawPath(bytes: Array("/home/ann/Documents".utf8))
        let recorded = CatalogStore.FolderNames(path: path, status: Self.status, names: names)
        try store.record(recorded, of: .local)
        let read = try #require(try store.folderNames(of: .local))
        #expect(read.names == names)
        #expect(read.path == path)
        #expect(read.describe(path, status: Self.status))
        #expect(try store.folderNames(of: .cloud) == nil, "one location's names are not the other's")
        try store.record(CatalogStore.FolderNames(path: path, status: Self.status, names: []), of: .local)
        #expect(try store.folderNames(of: .local)?.names == [], "an empty folder is recorded as one")
        // The Documents folder moved: its names replace the old folder's.
        let moved = RawPath(bytes: Array("/home/ann/Moved".utf8))
        try store.record(CatalogStore.FolderNames(path: moved, status: Self.status, names: [names[0]]), of: .local)
        let readMoved = try #require(try store.folderNames(of: .local))
        #expect(readMoved.path == moved)
        #expect(readMoved.names == [names[0]])
        let rows = try store.database(of: .local).queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM folderNames") }
        #expect(rows == 1, "one folder's names, not the old folder's beside them")
    }

    @Test("the names describe the folder only while its path, times, inode and device are all the same")
    func anyChangeOfStatusOrPathDisowns() {
        let path = RawPath(bytes: Array("/home/ann/Documents".utf8))
        let names = CatalogStore.FolderNames(path: path, status: Self.status, names: [])
        #expect(names.describe(path, status: Self.status))
        var size = Self.status
        size.size += 4096
        #expect(names.describe(path, status: size), "a folder's size is the file system's business")
        let changes: [(String, (inout FileStatus) -> Void)] = [
            ("modification time", { $0.modificationTime += 1 }), ("change time", { $0.changeTime += 1 }),
            ("inode", { $0.inode -= 1 }), ("device", { $0.device += 1 }),
        ]
        for (what, change) in changes {
            var status = Self.status
            change(&status)
            #expect(!names.describe(path, status: status), "another \(what)")
        }
        #expect(!names.describe(RawPath(bytes: Array("/home/bob/Documents".utf8)), status: Self.status), "another path")
    }
}
