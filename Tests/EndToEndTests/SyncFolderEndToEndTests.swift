import Foundation
import Testing

/// docbrowser on two devices whose cloud containers real Syncthing
/// instances mirror (SPEC §2: the cloud container is a folder a sync
/// engine writes at the same time).
@Suite("two devices on real Syncthing", .serialized, .enabled(if: SyncthingPair.isAvailable, "needs syncthing (make test installs it)"))
struct SyncFolderEndToEndTests {
    @Test("a document made in the cloud on A is listed on B, whole")
    func documentReachesTheOtherDevice() async throws {
        let pair = try await SyncthingPair.start()
        let made = try await pair.a.run("new", "Notes.txt", "--cloud")
        #expect(made.status == 0, "\(made)")
        try Data("from A".utf8).write(to: pair.a.cloudDocuments.appending(path: "Notes.txt"))
        try await pair.waitUntilInSync()
        let listed = try await pair.b.run("list", "--json")
        #expect(listed.status == 0, "\(listed)")
        let names = try listed.jsonArray().compactMap { $0["name"] as? String }
        #expect(names == ["Notes.txt"], "\(listed)")
        #expect(try String(contentsOf: pair.b.cloudDocuments.appending(path: "Notes.txt"), encoding: .utf8) == "from A")
    }
}
