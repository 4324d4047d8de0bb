import DocKit
import DocKitTesting
import Foundation
import Testing

/// What an app does with documents once the sync engine has finished them.
actor Arrivals {
    private(set) var waiting: [String] = []
    private(set) var arrived: [String] = []

    func show(_ documents: [Document]) {
        waiting = documents.filter { $0.states.contains(.incomplete) }.map(\.qualifiedName)
    }

    func arrived(_ document: Document) {
        arrived.append(document.qualifiedName)
    }
}

/// The samples of LiveQueries.md.
@Suite("Live queries samples")
struct LiveQueriesSamplesTests {
    @Test func aDocumentArrivesOnceTheSyncEngineHasFinishedWritingIt() async throws {
        let home = try TemporaryHome()
        try home.write("old", to: "Report.txt", in: .cloud)
        let pending = try SimulatedSyncEngine(home: home).beginWriting("Report.txt", contents: Data("new".utf8))
        let library = home.library
        let inbox = Arrivals()
        let watch = Task {
            for try await event in try library.catalog().changes(in: [.cloud]) {
                switch event {
                case .gathered(let documents):
                    await inbox.show(documents)
                case .changed(let changes):
                    for change in changes where change.kind == .stateChanged && change.previous?.states.contains(.incomplete) == true
                        && !change.document.states.contains(.incomplete) {
                        await inbox.arrived(change.document)   // the sync engine has finished writing it
                    }
                }
            }
        }
        defer { watch.cancel() }
        try await eventually { await inbox.waiting == ["cloud:Report.txt"] }
        #expect(await inbox.arrived.isEmpty)

        try pending.finish()
        try await eventually { await inbox.arrived == ["cloud:Report.txt"] }
        #expect(try home.text(of: "Report.txt", in: .cloud) == "new")
    }
}
