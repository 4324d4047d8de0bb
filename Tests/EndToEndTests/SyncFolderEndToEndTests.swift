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

    /// What a document holds, names and bytes only: Syncthing keeps
    /// contents and file times, not folder times.
    static func contents(of url: URL) async throws -> String {
        try await Sandbox.contentDigest(of: url)
    }

    @Test("a package of 25 files and a 100 MB file arriving on B are incomplete in every listing until whole, and B's move of either refuses")
    func arrivingDocuments() async throws {
        // Capped, so that the transfer lasts seconds and B can be watched.
        let pair = try await SyncthingPair.start(receiveKilobytesPerSecond: 30_000)
        _ = try await pair.a.run("list")
        _ = try await pair.b.run("list")
        try await pair.a.shell("""
            mkdir -p stage/Deck.key/Data
            printf index > stage/Deck.key/Index.zip
            for i in $(seq 1 25); do head -c 1500000 /dev/urandom > stage/Deck.key/Data/slide-$i.png; done
            head -c 100000000 /dev/urandom > stage/Big.bin
            mv stage/Deck.key stage/Big.bin home/Cloud/Documents/
            """)
        let names = ["Deck.key", "Big.bin"]
        var expected: [String: String] = [:]
        for name in names { expected[name] = try await Self.contents(of: pair.a.cloudDocuments.appending(path: name)) }
        let sizes = ["Deck.key": Int64(25 * 1_500_000 + 5), "Big.bin": Int64(100_000_000)]
        try await pair.scan("A")

        var seenIncomplete: Set<String> = []
        var triedMoving: Set<String> = []
        var complete: Set<String> = []
        let deadline = Date().addingTimeInterval(180)
        while complete.count < names.count, Date() < deadline {
            let listed = try await pair.b.run("list", "--json")
            #expect(listed.status == 0, "\(listed)")
            for document in try listed.jsonArray() {
                guard let name = document["name"] as? String, names.contains(name), document["location"] as? String == "cloud" else { continue }
                let states = document["states"] as? [String] ?? []
                if states.contains("incomplete") {
                    seenIncomplete.insert(name)
                    guard !triedMoving.contains(name) else { continue }
                    triedMoving.insert(name)
                    let moved = try await pair.b.run("move", name, "--to", "local")
                    if moved.status == 0 {
                        // It became whole in between: then the copy must be whole.
                        #expect(try await Self.contents(of: pair.b.localDocuments.appending(path: name)) == expected[name], "\(name) moved half-written")
                        complete.insert(name)
                    } else {
                        #expect(moved.status == 5 && moved.standardError.contains("incomplete"), "\(name): \(moved)")
                        #expect(!FileManager.default.fileExists(atPath: pair.b.localDocuments.appending(path: name).path), "no partial copy")
                    }
                } else {
                    #expect((document["size"] as? NSNumber)?.int64Value == sizes[name], "\(name) listed \(states) at \(document["size"] ?? "?") bytes")
                    complete.insert(name)
                }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(complete == Set(names), "B never saw both whole")
        #expect(!seenIncomplete.isEmpty, "the transfer was too fast to be watched")

        try await pair.waitUntilInSync()
        for name in names {
            let cloudOnA = pair.a.cloudDocuments.appending(path: name)
            let wholeSomewhere = [cloudOnA, pair.b.cloudDocuments.appending(path: name), pair.b.localDocuments.appending(path: name)]
            var found = false
            for url in wholeSomewhere where FileManager.default.fileExists(atPath: url.path) {
                #expect(try await Self.contents(of: url) == expected[name], "\(url.path) is not whole")
                found = true
            }
            #expect(found, "\(name) is nowhere")
        }
    }
}
