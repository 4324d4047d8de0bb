import Foundation
import Testing
@testable import DocKit

@Suite("Live searches: gathered, then documents starting and stopping to match")
struct LiveSearchTests {
    private static func names(_ hits: [SearchHit]) -> [String] { hits.map(\.document.qualifiedName) }

    private static func next(_ iterator: inout AsyncThrowingStream<LiveSearch.Event, any Error>.Iterator) async throws -> LiveSearch.Event? {
        try await iterator.next()
    }

    // A stuck watch fails the test instead of hanging the suite.
    @Test(.timeLimit(.minutes(1)))
    func documentsStartAndStopMatchingAsTheyChange() async throws {
        let home = try TestHome()
        try home.write("invoice 42, due in May", to: "Bill.txt")
        try home.write("nothing", to: "Other.txt", in: .cloud)
        try home.write("a letter", to: "Letter.txt")
        let search = try DocumentSearch(catalog: home.catalog(), extractor: DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [])))
        var events = search.live(try SearchQuery("invoice"), settle: .milliseconds(100)).makeAsyncIterator()

        guard case .gathered(let gathered) = try await Self.next(&events) else { Issue.record("no gathering first"); return }
        #expect(Self.names(gathered) == ["local:Bill.txt"])

        try home.write("the second invoice", to: "Second.txt", in: .cloud)
        guard case .started(let arrived) = try await Self.next(&events) else { Issue.record("the new invoice did not start matching"); return }
        #expect(Self.names(arrived) == ["cloud:Second.txt"])
        #expect(arrived.first?.snippet.map { $0.text(markingMatchesWith: "[", "]") } == "the second [invoice]")

        try home.write("paid", to: "Bill.txt")
        guard case .stopped(let stopped) = try await Self.next(&events) else { Issue.record("the paid invoice did not stop matching"); return }
        #expect(stopped.map(\.qualifiedName) == ["local:Bill.txt"])

        try FileManager.default.moveItem(at: home.url("Second.txt", in: .cloud), to: home.url("Renamed.txt", in: .cloud))
        guard case .stopped(let renamedAway) = try await Self.next(&events), case .started(let renamed) = try await Self.next(&events) else {
            Issue.record("a rename is a stop and a start"); return
        }
        #expect(renamedAway.map(\.qualifiedName) == ["cloud:Second.txt"])
        #expect(Self.names(renamed) == ["cloud:Renamed.txt"])

        try home.write("invoice", to: "Letter.txt")
        guard case .started(let letter) = try await Self.next(&events) else { Issue.record("the changed letter did not start matching"); return }
        #expect(Self.names(letter) == ["local:Letter.txt"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aDocumentStillArrivingStartsMatchingOnceComplete() async throws {
        let home = try TestHome()
        try home.write("nothing", to: "Other.txt", in: .cloud)
        let search = try DocumentSearch(catalog: home.catalog(), extractor: DocumentTextExtractor(tools: PreviewTools(environment: ProcessInfo.processInfo.environment, searchPath: [])))
        var events = search.live(try SearchQuery("minutes"), settle: .milliseconds(100)).makeAsyncIterator()
        guard case .gathered(let gathered) = try await Self.next(&events) else { Issue.record("no gathering first"); return }
        #expect(gathered.isEmpty)

        // Syncthing writes into a temporary beside the document, then renames it.
        try home.write("the minutes of the meeting", to: ".syncthing.Minutes.txt.tmp", in: .cloud)
        try await Task.sleep(for: .milliseconds(400))
        try FileManager.default.moveItem(at: home.url(".syncthing.Minutes.txt.tmp", in: .cloud), to: home.url("Minutes.txt", in: .cloud))
        guard case .started(let started) = try await Self.next(&events) else { Issue.record("the arrival did not start matching"); return }
        #expect(Self.names(started) == ["cloud:Minutes.txt"])
        #expect(started.first?.snippet.map { $0.text(markingMatchesWith: "[", "]") } == "the [minutes] of the meeting")
    }
}
