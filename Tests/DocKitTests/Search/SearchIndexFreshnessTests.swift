import Foundation
import GRDB
import Synchronization
import Testing
@testable import DocKit

/// The index trusts a listing whose fingerprint it recorded after its last
/// complete update, and compares every row otherwise.
@Suite("Search index freshness")
struct SearchIndexFreshnessTests {
    let home: TestHome
    let reader = DocumentSearchTests.CountingReader()
    let search: DocumentSearch

    init() throws {
        home = try TestHome("search-freshness")
        try home.directory("", in: .cloud)
        search = try DocumentSearch(catalog: home.catalog(), extractor: DocumentTextExtractor(tools: PreviewTools(environment: [:], searchPath: []), reader: reader))
    }

    func names(_ text: String) async throws -> [String] {
        try await search.run(SearchQuery(text)).hits.map(\.document.qualifiedName)
    }

    func listing() throws -> [Document] {
        var everything = DocumentQuery()
        everything.recursive = true
        return try search.catalog.documents(matching: everything)
    }

    @Test func anUpdateRecordsItsListingAndAnyWriteForgetsIt() async throws {
        try home.write("first words", to: "First.txt")
        #expect(try search.index.fingerprint(of: Location.allCases) == nil)
        #expect(try await names("first") == ["local:First.txt"])
        let documents = try listing()
        #expect(try search.index.fingerprint(of: Location.allCases) == ListingFingerprint(documents))
        #expect(try search.index.fingerprint(of: [.local]) == nil)
        // A search killed after a batch and before its end leaves this.
        try search.index.write([SearchIndex.Entry(document: documents[0], text: .text("other words"))])
        #expect(try search.index.fingerprint(of: Location.allCases) == nil)
        try search.rebuild()
        #expect(try await names("first") == ["local:First.txt"])
        #expect(try search.index.fingerprint(of: Location.allCases) != nil)
        try search.rebuild()
        #expect(try search.index.fingerprint(of: Location.allCases) == nil)
    }

    /// The real reader, doing what another search does, once, when the
    /// first file is read.
    final class InterruptingReader: PreviewFileReader {
        let interruption: Mutex<(@Sendable () -> Void)?>

        init(_ interruption: @escaping @Sendable () -> Void) {
            self.interruption = Mutex(interruption)
        }

        func read(_ path: RawPath, offset: Int64, count: Int) throws(DocKitError) -> [UInt8] {
            interruption.withLock { pending in
                defer { pending = nil }
                return pending
            }?()
            return try BoundedFileReader().read(path, offset: offset, count: count)
        }
    }

    @Test func anotherSearchWritingMeanwhileLeavesNoFingerprint() async throws {
        try home.write("kept words", to: "Kept.txt")
        let kept = try #require(try listing().first)
        let other = try SearchIndex(url: search.index.url)
        let reader = InterruptingReader { _ = try? other.write([SearchIndex.Entry(document: kept, text: .text("older words"))]) }
        let interrupted = DocumentSearch(catalog: search.catalog, index: search.index,
                                         extractor: DocumentTextExtractor(tools: PreviewTools(environment: [:], searchPath: []), reader: reader))
        #expect(try await interrupted.run(SearchQuery("kept")).hits.map(\.document.qualifiedName) == ["local:Kept.txt"])
        // The other search might have written after this one: its listing is not trusted.
        #expect(try search.index.fingerprint(of: Location.allCases) == nil)
        #expect(try await names("kept") == ["local:Kept.txt"])
        #expect(try search.index.fingerprint(of: Location.allCases) == ListingFingerprint(try listing()))
    }

    @Test func anUnchangedListingIsNotComparedRowByRow() async throws {
        try home.write("steady words", to: "Steady.txt")
        #expect(try await names("steady") == ["local:Steady.txt"])
        #expect(reader.take() == ["Steady.txt": 1])
        // A row made to look stale would be read again if rows were compared.
        try await search.index.queue.write { try $0.execute(sql: "UPDATE searchDocument SET size = size + 1") }
        #expect(try await names("steady") == ["local:Steady.txt"])
        #expect(reader.take() == [:])
    }

    @Test func aDocumentWhoseSizeAloneChangedIsReadAgain() async throws {
        let url = try home.write("old words", to: "Edited.txt")
        #expect(try await names("old") == ["local:Edited.txt"])
        let date = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        try home.write("new words, longer", to: "Edited.txt")
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        #expect(try await names("new") == ["local:Edited.txt"])
        #expect(try await names("old") == [])
    }

    @Test func aFingerprintCoversPlaceSizeTimeTypeAndCompleteness() throws {
        let document = DocumentFixtures.document("A.txt", type: "public.plain-text", size: 5, modified: 7)
        let base = ListingFingerprint([document])
        var moved = document
        moved.relativePath = RawPath("B.txt")
        var cloud = document
        cloud.location = .cloud
        var grown = document
        grown.size = 6
        var touched = document
        touched.modificationDate = Date(timeIntervalSince1970: 8)
        var retyped = document
        retyped.type = "net.daringfireball.markdown"
        var incomplete = document
        incomplete.states = [.incomplete]
        var open = document
        open.states = [.open]
        #expect(Set([moved, cloud, grown, touched, retyped, incomplete].map { ListingFingerprint([$0]) }).count == 6)
        #expect(!Set([moved, cloud, grown, touched, retyped, incomplete].map { ListingFingerprint([$0]) }).contains(base))
        #expect(ListingFingerprint([open]) == base)
        #expect(ListingFingerprint([document, moved]) != ListingFingerprint([document]))
        // A watch's listing and a command's list the same documents in different orders.
        #expect(ListingFingerprint([document, moved, cloud]) == ListingFingerprint([cloud, document, moved]))
        #expect(ListingFingerprint([document, moved]) != ListingFingerprint([document, cloud]))
    }

    @Test func anIndexMadeBeforeFingerprintsKeepsItsRows() async throws {
        let old = try TestHome("search-v1")
        try old.directory("", in: .cloud)
        try old.write("kept words", to: "Kept.txt")
        let catalog = try old.catalog()
        var everything = DocumentQuery()
        everything.recursive = true
        let document = try #require(try await catalog.documents(matching: everything).first)
        let url = catalog.home.catalogDirectory.appending(path: "search.sqlite")
        // The first layout, as its migration left it, holding the document's
        // current row with words it no longer has: kept, it is found by them.
        let v1 = try DatabaseQueue(path: url.path)
        try await v1.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: names and words');
                CREATE TABLE searchDocument (id INTEGER PRIMARY KEY, location TEXT NOT NULL, relativePath BLOB NOT NULL, size INTEGER NOT NULL,
                    modificationTime INTEGER NOT NULL, type TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT, UNIQUE (location, relativePath));
                CREATE VIRTUAL TABLE searchText USING fts5(name, content, tokenize = 'unicode61 remove_diacritics 2');
                """)
            try db.execute(
                sql: "INSERT INTO searchDocument VALUES (1, 'local', ?, ?, ?, ?, 'text', NULL)",
                arguments: [Data("Kept.txt".utf8), document.size, Nanoseconds.since1970(document.modificationDate), document.type]
            )
            try db.execute(sql: "INSERT INTO searchText (rowid, name, content) VALUES (1, 'Kept.txt', 'remembered words')")
        }
        try v1.close()
        let search = DocumentSearch(catalog: catalog, index: try SearchIndex(url: url), extractor: DocumentTextExtractor(tools: PreviewTools(environment: [:], searchPath: []), reader: reader))
        #expect(try await search.run(SearchQuery("remembered")).hits.map(\.document.qualifiedName) == ["local:Kept.txt"])
        #expect(reader.take() == [:])
        #expect(try search.index.fingerprint(of: Location.allCases) != nil)
    }
}
