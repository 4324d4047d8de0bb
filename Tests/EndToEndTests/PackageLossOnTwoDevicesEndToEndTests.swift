import Foundation
import Testing

/// What real Syncthing makes of a deletion on one device and an edit on
/// the other (issue 42), in the serialized suite of the two-device tests.
extension SyncFolderEndToEndTests {
    /// Every file of a package, by its path inside, with its text.
    private static func tree(_ package: URL) -> [String: String] {
        var files: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(at: package, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.path.dropFirst(package.path.count + 1))] = try? String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    @Test("A deletes a package while B, apart, edits a file in it: both see it in conflict, A's Trash holds it whole, and resolving on A restores it on both")
    func deleteVersusEditPackage() async throws {
        let pair = try await SyncthingPair.start()
        let whole = Dictionary(uniqueKeysWithValues: (0..<16).map { ("\($0 % 2 == 0 ? "Data" : "Index")/slide\($0).txt", "slide \($0)") })
        try await pair.a.shell(whole.map { "mkdir -p home/Cloud/Documents/Deck.key/\($0.key.split(separator: "/")[0]) && printf '\($0.value)' > home/Cloud/Documents/Deck.key/\($0.key)" }.joined(separator: "\n"))
        try await pair.waitUntilInSync()
        for device in [pair.a, pair.b] {
            #expect(try await Self.waitForState(device, "Deck.key", "normal") == ["normal"])
            #expect(Self.tree(device.cloudDocuments.appending(path: "Deck.key")) == whole)
        }

        try await pair.disconnect()
        let deleted = try await pair.a.run("delete", "cloud:Deck.key")
        #expect(deleted.status == 0, "\(deleted)")
        // A looks once without it: its catalog then has no record of it.
        #expect(try await pair.a.run("list", "--cloud", "--json").jsonArray().isEmpty)
        try await pair.b.shell("printf 'edited on B' > home/Cloud/Documents/Deck.key/Data/slide0.txt")
        try await pair.scan("A")
        try await pair.scan("B")
        try await pair.reconnect()
        try await pair.waitUntilInSync()

        let remnant = ["Data/slide0.txt": "edited on B"]
        for (device, label) in [(pair.a, "A"), (pair.b, "B")] {
            #expect(Self.tree(device.cloudDocuments.appending(path: "Deck.key")) == remnant, "\(label): Syncthing keeps the edit, and only it")
            #expect(try await Self.waitForState(device, "Deck.key", "inConflict") == ["inConflict"], "\(label)")
            let listed = try await device.run("list", "--cloud")
            let row = listed.standardOutput.split(separator: "\n").first { $0.hasPrefix("Deck.key") }.map(String.init)
            #expect(row?.hasSuffix("cloud (inConflict)") == true, "\(label): \(listed)")
        }

        let versionsA = try await pair.a.run("versions", "cloud:Deck.key", "--json").json()
        #expect((versionsA["current"] as? [String: Any])?["size"] as? Int == "edited on B".utf8.count, "\(versionsA)")
        let inTrash = versionsA["conflicts"] as? [[String: Any]] ?? []
        #expect(inTrash.map { "\($0["number"] ?? "") \($0["name"] ?? "") \($0["keptIn"] ?? "")" } == ["1 Deck.key trash"], "\(versionsA)")
        #expect(inTrash.first?["size"] as? Int == whole.values.reduce(0) { $0 + $1.utf8.count })
        let textA = try await pair.a.run("versions", "cloud:Deck.key")
        let rows = textA.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ") }
        #expect(rows == ["VERSION NAME ENGINE DEVICE", "current Deck.key - -", "1 Deck.key in the"], "\(textA)")
        // B never had it whole since: the remnant is all it has.
        let versionsB = try await pair.b.run("versions", "cloud:Deck.key", "--json").json()
        #expect((versionsB["conflicts"] as? [Any])?.isEmpty == true, "\(versionsB)")

        let resolved = try await pair.a.run("resolve", "cloud:Deck.key", "--keep", "1")
        #expect(resolved.status == 0, "\(resolved)")
        #expect(Self.tree(pair.a.cloudDocuments.appending(path: "Deck.key")) == whole)
        try await pair.waitUntilInSync()
        for (device, label) in [(pair.a, "A"), (pair.b, "B")] {
            #expect(Self.tree(device.cloudDocuments.appending(path: "Deck.key")) == whole, "\(label)")
            #expect(try await Self.waitForState(device, "Deck.key", "normal") == ["normal"], "\(label)")
        }
        // The remnant, B's edit, is in A's Trash.
        #expect(ResolveEndToEndTests.allContents([pair.a.userHome.appending(path: ".local/share/Trash/files")]) == ["edited on B"])
    }

    @Test("A renames a file while B, apart, edits it: both names on both devices, both normal, as the README says docbrowser cannot link them")
    func renameVersusEdit() async throws {
        let pair = try await SyncthingPair.start()
        try await pair.a.shell("mkdir -p home/Cloud/Documents && printf 'first draft' > home/Cloud/Documents/Draft.txt")
        try await pair.waitUntilInSync()
        #expect(try await Self.waitForState(pair.b, "Draft.txt", "normal") == ["normal"])
        _ = try await pair.a.run("list")

        try await pair.disconnect()
        let renamed = try await pair.a.run("rename", "cloud:Draft.txt", "Final.txt")
        #expect(renamed.status == 0, "\(renamed)")
        try await pair.b.shell("printf 'second draft' > home/Cloud/Documents/Draft.txt")
        try await pair.scan("A")
        try await pair.scan("B")
        try await pair.reconnect()
        try await pair.waitUntilInSync()

        for (device, label) in [(pair.a, "A"), (pair.b, "B")] {
            let listed = try await device.run("list", "--cloud", "--json").jsonArray()
            let states = listed.map { "\($0["name"] ?? "") \(($0["states"] as? [String])?.joined(separator: ",") ?? "")" }
            #expect(states == ["Draft.txt normal", "Final.txt normal"], "\(label)")
            #expect(ResolveEndToEndTests.text(device.cloudDocuments.appending(path: "Draft.txt")) == "second draft", "\(label)")
            #expect(ResolveEndToEndTests.text(device.cloudDocuments.appending(path: "Final.txt")) == "first draft", "\(label)")
        }
    }
}
