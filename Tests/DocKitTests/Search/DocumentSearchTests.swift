import Foundation
import Synchronization
import Testing
@testable import DocKit

/// A search brings the index up to date by the catalog's own change
/// detection: only new and changed documents are read.
@Suite("Document search")
struct DocumentSearchTests {
    /// The real reader, counting what each file was read for.
    final class CountingReader: PreviewFileReader {
        let reads = Mutex<[String: Int]>([:])

        func read(_ path: RawPath, offset: Int64, count: Int) throws(DocKitError) -> [UInt8] {
            reads.withLock { $0[path.lastComponent.description, default: 0] += 1 }
            return try BoundedFileReader().read(path, offset: offset, count: count)
        }

        /// The reads so far, and none counted after.
        func take() -> [String: Int] {
            reads.withLock { reads in
                defer { reads = [:] }
                return reads
            }
        }
    }

    let home: TestHome
    let reader = CountingReader()
    let search: DocumentSearch

    init() throws {
        home = try TestHome("search")
        try home.directory("", in: .cloud)
        search = try DocumentSearch(catalog: home.catalog(), extractor: DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: []), reader: reader))
    }

    func names(_ text: String, in locations: [Location] = Location.allCases) async throws -> [String] {
        try await search.run(SearchQuery(text), in: locations).hits.map(\.document.qualifiedName)
    }

    @Test func aChangedDocumentIsReadAgainAndAnUnchangedOneIsNot() async throws {
        try home.write("the quick brown fox", to: "Fox.txt")
        try home.write("a lazy dog", to: "Dog.txt")
        #expect(try await names("quick") == ["local:Fox.txt"])
        #expect(reader.take() == ["Fox.txt": 1, "Dog.txt": 1])
        #expect(try await names("lazy") == ["local:Dog.txt"])
        #expect(reader.take() == [:])
        try home.write("a quick, lively dog", to: "Dog.txt")
        #expect(try await names("quick") == ["local:Dog.txt", "local:Fox.txt"])
        #expect(reader.take() == ["Dog.txt": 1])
        #expect(try await names("lazy") == [])
    }

    @Test func aDeletedDocumentLeavesTheIndex() async throws {
        try home.write("ephemeral words", to: "Gone.txt")
        #expect(try await names("ephemeral") == ["local:Gone.txt"])
        try FileManager.default.removeItem(at: home.url("Gone.txt"))
        #expect(try await names("ephemeral") == [])
        #expect(try search.index.rows(in: Location.allCases).isEmpty)
    }

    @Test func aDocumentASyncEngineIsWritingIsIndexedOnceComplete() async throws {
        try home.write("arriving words", to: "Arriving.txt")
        try home.write("partial", to: ".syncthing.Arriving.txt.tmp")
        #expect(try await names("arriving") == [])
        #expect(reader.take() == [:])
        #expect(try await search.run(SearchQuery("name:Arriving.txt")).hits.map(\.extraction) == [nil])
        try FileManager.default.removeItem(at: home.url(".syncthing.Arriving.txt.tmp"))
        #expect(try await names("arriving") == ["local:Arriving.txt"])
        #expect(reader.take() == ["Arriving.txt": 1])
    }

    @Test func aFailedDocumentIsReportedOnceAndFoundByName() async throws {
        try home.write(Data([0x61, 0x00, 0x62]), to: "Broken.txt")
        let first = try await search.run(SearchQuery("broken"))
        #expect(first.hits.map(\.document.qualifiedName) == ["local:Broken.txt"])
        #expect(first.hits.map(\.extraction) == [.failed])
        #expect(first.newFailures.map(\.reason) == ["it is not text in any encoding docbrowser reads"])
        let second = try await search.run(SearchQuery("broken"))
        #expect(second.newFailures.isEmpty)
        #expect(second.hits.first?.failureReason == "it is not text in any encoding docbrowser reads")
    }

    @Test func theNameRanksAboveTheContentAndPredicatesAloneSortByName() async throws {
        try home.write("nothing about it here, then budget", to: "Zebra.txt")
        try home.write("plain words", to: "Budget.txt")
        try home.write("budget budget budget budget", to: "Apple.txt")
        #expect(try await names("budget") == ["local:Budget.txt", "local:Apple.txt", "local:Zebra.txt"])
        #expect(try await names("kind:public.plain-text") == ["local:Apple.txt", "local:Budget.txt", "local:Zebra.txt"])
    }

    @Test func theSnippetMarksTheMatch() async throws {
        try home.write("Minutes.\nWe agreed the budget for next year.", to: "Minutes.txt")
        let hit = try #require(try await search.run(SearchQuery("budget")).hits.first)
        #expect(hit.snippet?.text(markingMatchesWith: "[", "]") == "Minutes. We agreed the [budget] for next year.")
    }

    @Test func aSnippetIsOneLineWithoutTheLinesEnd() {
        let snippet = SearchSnippet(marked: "one\ttwo\n\u{E000}three\u{E001} four\n")
        #expect(snippet.parts == [.init(text: "one two ", isMatch: false), .init(text: "three", isMatch: true), .init(text: " four", isMatch: false)])
        #expect(SearchSnippet(marked: "\u{E000}budget\u{E001}\r\n").text(markingMatchesWith: "<", ">") == "<budget>")
    }

    @Test func aDocumentCannotForgeAMatchMark() async throws {
        try home.write("budget \u{E000}forged\u{E001}", to: "Forged.txt")
        let hit = try #require(try await search.run(SearchQuery("budget")).hits.first)
        #expect(hit.snippet?.parts.filter(\.isMatch).map(\.text) == ["budget"])
    }

    @Test func markersAreReplacedWhereverTheyAreAndNothingElseIs() {
        #expect(SearchIndex.unmarked("\u{E000}é\u{E001}\u{E001}x\u{E000}") == "\u{FFFD}é\u{FFFD}\u{FFFD}x\u{FFFD}")
        // Their neighbours begin with the same bytes.
        #expect(SearchIndex.unmarked("\u{E002}\u{E03F}\u{E040}plain") == "\u{E002}\u{E03F}\u{E040}plain")
        #expect(SearchIndex.unmarked("") == "")
        #expect(SearchIndex.unmarked("a\u{E000}") == "a\u{FFFD}")
    }

    @Test func predicatesAndBooleansFilter() async throws {
        try home.write("alpha", to: "Notes.md")
        try home.write("alpha beta", to: "Plan.txt")
        try home.write("beta", to: "Cloudy.txt", in: .cloud)
        try home.write(Data(count: 2000), to: "Big.bin")
        #expect(try await names("name:*.md") == ["local:Notes.md"])
        #expect(try await names("alpha NOT beta") == ["local:Notes.md"])
        // Both words rank first; equal ranks keep the name order.
        #expect(try await names("alpha OR beta") == ["local:Plan.txt", "cloud:Cloudy.txt", "local:Notes.md"])
        #expect(try await names("beta location:cloud") == ["cloud:Cloudy.txt"])
        #expect(try await names("beta", in: [.local]) == ["local:Plan.txt"])
        #expect(try await names("size:>1KB") == ["local:Big.bin"])
        #expect(try await names("size:<1KB NOT (alpha OR beta)") == [])
        #expect(try await names("modified:<1h kind:public.plain-text") == ["cloud:Cloudy.txt", "local:Notes.md", "local:Plan.txt"])
        #expect(try await names("modified:>1h") == [])
        #expect(try await names("state:normal name:N*") == ["local:Notes.md"])
        #expect(try await names("\"alpha beta\"") == ["local:Plan.txt"])
        // The shorter text ranks first.
        #expect(try await names("alph*") == ["local:Notes.md", "local:Plan.txt"])
    }

    @Test func termsThatAreFTSSyntaxAreWords() async throws {
        try home.write("a AND b NEAR(c) \"quoted\" ^start col:on", to: "Syntax.txt")
        #expect(try await names("NEAR(c)") == ["local:Syntax.txt"])
        #expect(try await names("\"col:on\"") == ["local:Syntax.txt"])
        #expect(try await names("^start") == ["local:Syntax.txt"])
        #expect(try await names("!!!") == [])
    }
}
