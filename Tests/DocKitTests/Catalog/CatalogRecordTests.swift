import Foundation
import GRDB
import Testing
@testable import DocKit

@Suite("a catalog entry as one record")
struct CatalogRecordTests {
    private static func entry(
        _ relativePath: String, name: String? = nil, displayName: String? = nil, type: String = "public.plain-text",
        size: Int64 = 5, modificationTime: Int64 = 1_764_000_000_123_456_789, status: FileStatus? = nil,
        states: Set<DocumentState> = [], isRacy: Bool = false, package: PackageContents? = nil
    ) -> CatalogStore.Entry {
        let path = RawPath(bytes: Array(relativePath.utf8))
        let name = name ?? path.lastComponent.description
        let document = Document(
            location: .local, relativePath: path, path: RawPath(bytes: Array("/home/Documents/".utf8)).appending(path),
            name: name, displayName: displayName ?? name, type: type, size: size, modificationDate: Nanoseconds.date(modificationTime),
            isPackage: package != nil, isFolder: false, isSymbolicLink: false, typeWasGuessed: false, states: states
        )
        let status = status ?? FileStatus(
            kind: package == nil ? .regular : .directory, size: size, modificationTime: modificationTime, changeTime: modificationTime + 7,
            inode: 1_234_567, device: 2049, mode: 0o100644
        )
        return CatalogStore.Entry(document: document, status: status, package: package, isRacy: isRacy)
    }

    /// Entries that each leave out nothing, or something different, from their records.
    static let entries: [CatalogStore.Entry] = [
        entry("notes.txt", displayName: "notes"),
        entry("Folder/inner.md", type: "net.daringfireball.markdown"),
        // A conflict copy listed as its document: the name is not the path's.
        entry("notes (conflict 1).txt", name: "notes.txt", displayName: "notes", states: [.inConflict]),
        // A display name that is not the name's start.
        entry("x.txt", displayName: "Ünïcode → elsewhere"),
        entry("empty", name: "", displayName: "", type: ""),
        entry("racy.txt", states: [.incomplete, .open], isRacy: true),
        entry("odd status.bin", size: 0, status: FileStatus(
            kind: .other, size: -3, modificationTime: -1, changeTime: Int64.min, inode: UInt64.max, device: 0, mode: UInt32.max
        )),
        entry("link", type: "public.symlink", status: FileStatus(
            kind: .symbolicLink, size: 9, modificationTime: 1, changeTime: 2, inode: 3, device: 4, mode: 0o120777
        )),
        // Names whose bytes are not their strings' canonical form: a name
        // decomposed (NFD) on disk and composed in the document, the
        // other way round, and bytes that are not UTF-8 at all.
        entry("Cafe\u{301}.txt", name: "Café.txt", displayName: "Café"),
        entry("Café.txt", name: "Cafe\u{301}.txt", displayName: "Cafe\u{301}"),
        entry("Ünïcode 文書.txt", displayName: "Ünïcode 文書"),
        CatalogStore.Entry(
            document: Document(
                location: .local, relativePath: RawPath(bytes: [0x66, 0xff, 0x2e, 0x74, 0x78, 0x74]), path: RawPath(bytes: Array("/home/Documents/".utf8) + [0x66, 0xff, 0x2e, 0x74, 0x78, 0x74]),
                name: RawPath(bytes: [0x66, 0xff, 0x2e, 0x74, 0x78, 0x74]).description, displayName: "f\u{FFFD}", type: "public.plain-text",
                size: 1, modificationDate: Nanoseconds.date(5), isPackage: false, isFolder: false, isSymbolicLink: false, typeWasGuessed: false, states: []
            ),
            status: FileStatus(kind: .regular, size: 1, modificationTime: 5, changeTime: 5, inode: 1, device: 1, mode: 0o100644), package: nil
        ),
        entry("Project.bundle", type: "com.example.bundle", size: 42, package: PackageContents(
            entryCount: 2, size: 42,
            directories: [.init(relativePath: RawPath(bytes: []), modificationTime: 1, changeTime: 2)],
            syncTemporaries: [RawPath(bytes: Array(".syncthing.a.tmp".utf8))], conflictCopies: [], latestChangeTime: 3
        )),
    ]

    @Test("every field of an entry comes back from SQLite as it was written, read whole or row by row in order")
    func entriesRoundTrip() throws {
        let directory = try TemporaryDirectory("catalog-record")
        let store = CatalogStore(directory: directory.url)
        try store.write(.local, changed: Self.entries, removed: [])
        let expected = Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.document.relativePath, $0) })

        let root = RawPath(bytes: Array("/home/Documents".utf8))
        #expect(try store.entries(in: .local, documentsDirectory: root) == expected)
        let sorted = store.sortedEntries(in: .local, documentsDirectory: root)
        for relativePath in expected.keys.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            #expect(try sorted.entry(at: relativePath) == expected[relativePath], "\(relativePath)")
        }
        let one = Self.entries[2].document.relativePath
        #expect(try store.entries(in: .local, documentsDirectory: root, relativePaths: [one]) == [one: Self.entries[2]])
    }

    @Test("a plain document's record keeps neither its name nor its display name nor its size and time twice")
    func aPlainDocumentsRecordLeavesOutWhatRepeats() throws {
        var bytes: [UInt8] = []
        var entry = Self.entry("Quarterly report.txt", displayName: "Quarterly report")
        withUnsafePointer(to: &entry) { CatalogRecord.append($0, package: nil, to: &bytes) }
        let omitted = CatalogRecord.Omitted(rawValue: bytes[4])
        #expect(omitted == [.name, .displayName, .statusSize, .statusModificationTime, .package])
        #expect(!bytes.contains(subsequence: Array("Quarterly".utf8)))
        // version, kind, flags, states, omitted; size; two times; inode,
        // device, mode; the type; the display name's count.
        #expect(bytes.count == 5 + 1 + 8 + 8 + 3 + 2 + 3 + 1 + "public.plain-text".utf8.count + 1)
    }

    /// A record, and ways of damaging it.
    static let damages: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("another version", { [99] + $0.dropFirst() }),
        ("an unknown kind", { var bytes = $0; bytes[1] = 9; return bytes }),
        ("cut short", { Array($0.dropLast()) }),
        ("cut to its version", { Array($0.prefix(1)) }),
        ("empty", { _ in [] }),
        ("a byte too many", { $0 + [0] }),
        // Byte 30 is the type's count: after the five bytes of the head,
        // the size's one, two times, and the inode's, device's and mode's 3, 2 and 3.
        ("a text longer than the record", { var bytes = $0; bytes[30] = 0x7f; return bytes }),
        ("a flag no version sets", { var bytes = $0; bytes[2] |= 0x80; return bytes }),
        ("a state no version sets", { var bytes = $0; bytes[3] |= 0x80; return bytes }),
        ("a field left out that no version leaves out", { var bytes = $0; bytes[4] |= 0x80; return bytes }),
        ("a varint of eleven bytes", { Array($0.prefix(5)) + Array(repeating: 0xff, count: 10) + [0x01] + $0.dropFirst(6) }),
    ]

    @Test("a damaged record is not read: its document is examined again, as new", arguments: 0..<damages.count)
    func aDamagedRecordIsNotRead(damage: Int) throws {
        var bytes: [UInt8] = []
        var entry = Self.entry("notes.txt", name: "other.txt", displayName: "other name")
        withUnsafePointer(to: &entry) { CatalogRecord.append($0, package: nil, to: &bytes) }
        #expect(bytes.withUnsafeBytes { CatalogRecord.fields(of: $0) } != nil)
        #expect(bytes[30] == UInt8("public.plain-text".utf8.count))
        let damaged = Self.damages[damage].1(bytes)
        #expect(damaged.withUnsafeBytes { CatalogRecord.fields(of: $0) } == nil, "\(Self.damages[damage].0)")

        // Stored, the row is passed over by every read.
        let directory = try TemporaryDirectory("catalog-record-damage")
        let store = CatalogStore(directory: directory.url)
        try store.write(.local, changed: [entry, Self.entry("z.txt")], removed: [])
        try store.database(of: .local).queue.write { db in
            try db.execute(sql: "UPDATE catalogRecord SET record = ? WHERE relativePath = ?", arguments: [Data(damaged), Data("notes.txt".utf8)])
        }
        let root = RawPath(bytes: [])
        #expect(try store.entries(in: .local, documentsDirectory: root).keys.map(\.description) == ["z.txt"])
        let sorted = store.sortedEntries(in: .local, documentsDirectory: root)
        #expect(try sorted.entry(at: RawPath(bytes: Array("notes.txt".utf8))) == nil)
        #expect(try sorted.entry(at: RawPath(bytes: Array("z.txt".utf8)))?.document.name == "z.txt")
    }

    @Test("a record changed at any byte to any value, or cut at any length, is read or refused, never a crash, in a scan's reads as in the decoder")
    func everyChangeOfOneByteIsReadOrRefused() throws {
        var bytes: [UInt8] = []
        var entry = Self.entries[2]
        withUnsafePointer(to: &entry) { CatalogRecord.append($0, package: nil, to: &bytes) }
        var damaged: [[UInt8]] = (0..<bytes.count).map { Array(bytes.prefix($0)) }
        for position in bytes.indices {
            for value in 0...UInt8.max where value != bytes[position] {
                var changed = bytes
                changed[position] = value
                damaged.append(changed)
            }
        }
        let refused = Set(damaged.indices.filter { index in damaged[index].withUnsafeBytes { CatalogRecord.fields(of: $0) } == nil })
        #expect(!refused.isEmpty && refused.count < damaged.count, "\(refused.count) of \(damaged.count) refused")

        let directory = try TemporaryDirectory("catalog-record-every-byte")
        let store = CatalogStore(directory: directory.url)
        try store.database(of: .local).queue.write { db in
            for (index, record) in damaged.enumerated() {
                try db.execute(sql: "INSERT INTO catalogRecord (relativePath, record) VALUES (?, ?)", arguments: [Data("d/\(index)".utf8), Data(record)])
            }
        }
        let root = RawPath(bytes: [])
        let whole = try store.entries(in: .local, documentsDirectory: root)
        #expect(!whole.isEmpty)
        #expect(whole.keys.allSatisfy { path in !refused.contains(Int(path.lastComponent.description)!) }, "a refused record was read")
        let sorted = store.sortedEntries(in: .local, documentsDirectory: root)
        try sorted.finish()
        #expect(sorted.unkept.count == damaged.count)
    }

    @Test("a catalog of the sixteen-column layout is emptied when opened, the next listing fills the records' table, and the old table stays, empty, for an earlier version")
    func theColumnLayoutIsReplaced() throws {
        let directory = try TemporaryDirectory("catalog-record-upgrade")
        let home = Home(url: directory.url)
        _ = try directory.write("hello", to: "Documents/a.txt")
        _ = try directory.write("hello", to: "Documents/b.txt")
        // Listed once, so that the folder's names are recorded; then put
        // back as the first layout left it, with a row that names a
        // document no longer there.
        var first = try DocumentCatalog.isolated(home: home)
        first.scanner.racyWindow = 0
        _ = try first.documents(matching: DocumentQuery())
        let url = CatalogStore.databaseURL(of: .local, in: home.catalogDirectory)
        let old = try DatabaseQueue(path: url.path)
        try old.write { db in
            try db.execute(sql: """
                DROP TABLE catalogRecord;
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%';
                INSERT INTO catalogEntry VALUES (x'676f6e652e747874', 'gone.txt', 'gone', 'public.plain-text', 1, 1, 0, '',
                    'regular', 1, 1, 1, 1, 1, 33188, NULL);
                """)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM folderNames") == 1)
        }
        try old.close()

        let listed = try DocumentCatalog.isolated(home: home).documents(matching: DocumentQuery())
        #expect(listed.map(\.name) == ["a.txt", "b.txt"])
        let rows = try DatabaseQueue(path: url.path)
        defer { try? rows.close() }
        try rows.read { db in
            let stored = try Row.fetchAll(db, sql: "SELECT relativePath, record FROM catalogRecord ORDER BY relativePath")
            #expect(stored.map { $0["relativePath"] as Data } == [Data("a.txt".utf8), Data("b.txt".utf8)])
            #expect(stored.allSatisfy { ($0["record"] as Data).first == CatalogRecord.version })
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM catalogEntry") == 0)
            #expect(try db.columns(in: "catalogEntry").map(\.name).contains("statusKind"))
        }
    }
}
