import Foundation
import Testing

@Suite("delete, run as a user would")
struct DeleteEndToEndTests {
    private func trash(_ sandbox: Sandbox) -> URL { sandbox.userHome.appending(path: ".local/share/Trash") }

    @Test func deleteMovesToTheFreedesktopTrashWithATrashInfo() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("bye", to: "home/Documents/Old Report.txt")
        let result = try await sandbox.run("delete", "Old Report")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Moved local:Old Report.txt to the Trash\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Old Report.txt").path))
        #expect(try String(contentsOf: trash(sandbox).appending(path: "files/Old Report.txt"), encoding: .utf8) == "bye")
        let info = try String(contentsOf: trash(sandbox).appending(path: "info/Old Report.txt.trashinfo"), encoding: .utf8)
        let lines = info.split(separator: "\n")
        #expect(lines.first == "[Trash Info]")
        #expect(lines.contains("Path=\(sandbox.localDocuments.path)/Old%20Report.txt"))
        let date = try #require(lines.first { $0.hasPrefix("DeletionDate=") })
        #expect(date.wholeMatch(of: /DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
        #expect(try await TrashList.run(sandbox) == [sandbox.localDocuments.appending(path: "Old Report.txt").path])
    }

    @Test func namesCollidingInTheTrashAreKeptApart() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("local copy", to: "home/Documents/Same.txt")
        _ = try sandbox.write("cloud copy", to: "home/Cloud/Documents/Same.txt")
        _ = try sandbox.write("café", to: "home/Documents/Café ü.txt")
        let result = try await sandbox.run("delete", "local:Same.txt", "cloud:Same.txt", "Café ü.txt", "--json")
        #expect(result.status == 0, "\(result)")
        let events = try result.standardOutput.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.map { $0?["trashName"] as? String } == ["Same.txt", "Same 2.txt", "Café ü.txt"])
        #expect(try String(contentsOf: trash(sandbox).appending(path: "files/Same 2.txt"), encoding: .utf8) == "cloud copy")
        let info = try String(contentsOf: trash(sandbox).appending(path: "info/Café ü.txt.trashinfo"), encoding: .utf8)
        #expect(info.contains("/Caf%C3%A9%20%C3%BC.txt\n"))
        #expect(try await TrashList.run(sandbox) == [
            sandbox.cloudDocuments.appending(path: "Same.txt").path,
            sandbox.localDocuments.appending(path: "Café ü.txt").path,
            sandbox.localDocuments.appending(path: "Same.txt").path,
        ].sorted())
    }

    @Test func gioSeesWhatDeleteTrashedAsItsOwnAndRestoresIt() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("ours", to: "home/Documents/Café ü.txt")
        _ = try sandbox.write("gio's", to: "home/Documents/Gio Café ü.txt")
        _ = try sandbox.write("plain", to: "home/Documents/Plain.txt")
        try await sandbox.shell("set -- home/Documents && \(MoveEndToEndTests.packageScript)")
        let before = try await TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments]
        let result = try await sandbox.run("delete", "Café ü.txt", "Plain.txt", "Letter.rtfd")
        #expect(result.status == 0, "\(result)")
        try await GioTrash.run(sandbox, sandbox.localDocuments.appending(path: "Gio Café ü.txt").path)

        // What gio wrote for its own item is the reference for ours.
        let info = trash(sandbox).appending(path: "info")
        let ours = try String(contentsOf: info.appending(path: "Café ü.txt.trashinfo"), encoding: .utf8)
        let gios = try String(contentsOf: info.appending(path: "Gio Café ü.txt.trashinfo"), encoding: .utf8)
        let pathLine = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("Path=") }.map(String.init) }
        #expect(pathLine(ours) != nil)
        #expect(pathLine(gios)?.replacingOccurrences(of: "/Gio%20", with: "/") == pathLine(ours))
        let listed = try await GioTrash.list(sandbox)
        #expect(Set(listed.keys) == [
            "trash:///Caf%C3%A9%20%C3%BC.txt", "trash:///Gio%20Caf%C3%A9%20%C3%BC.txt", "trash:///Plain.txt", "trash:///Letter.rtfd",
        ])
        #expect(listed["trash:///Gio%20Caf%C3%A9%20%C3%BC.txt"]?.replacingOccurrences(of: "/Gio ", with: "/") == listed["trash:///Caf%C3%A9%20%C3%BC.txt"])
        #expect(listed["trash:///Plain.txt"] == sandbox.localDocuments.appending(path: "Plain.txt").path)
        #expect(listed["trash:///Letter.rtfd"] == sandbox.localDocuments.appending(path: "Letter.rtfd").path)

        // gio 2.74 restores a non-ASCII name escaped ("Caf\xc3\xa9"), its
        // own items included, so restoring is checked on ASCII names.
        try await GioTrash.run(sandbox, "--restore", "trash:///Letter.rtfd")
        try await GioTrash.run(sandbox, "--restore", "trash:///Plain.txt")
        let after = try await TreeDigest.entries(of: [sandbox.localDocuments])[sandbox.localDocuments]
        #expect(after?["Letter.rtfd"] != nil)
        #expect(after?["Letter.rtfd"] == before?["Letter.rtfd"])
        #expect(after?["Plain.txt"] == before?["Plain.txt"])
        let listing = try await sandbox.run("list", "--json").jsonArray().compactMap { $0["name"] as? String }
        #expect(listing.sorted() == ["Letter.rtfd", "Plain.txt"])
    }

    @Test("a document on another file system goes to that file system's own Trash, which trash-cli and docbrowser list and restore from")
    func deleteOnAnotherFileSystemGoesToItsOwnTrash() async throws {
        let sandbox = try Sandbox()
        let other = try OtherFileSystemDirectory()
        guard other.isMountedAlone else {
            // /dev/shm's Trash is shared by every test running at once.
            print("skipped: a file system of the test's own cannot be mounted here (needs root)")
            return
        }
        #expect(try await sandbox.run("config", "set", "cloud.container", other.url.path).status == 0)
        let cloud = other.url.appending(path: "Documents")
        try await sandbox.shell("mkdir -p '\(cloud.path)' && set -- '\(cloud.path)' && \(MoveEndToEndTests.packageScript) && printf put > '\(cloud.path)/Put.txt'")
        let before = try await TreeDigest.entries(of: [cloud])[cloud]?["Letter.rtfd"]
        let result = try await sandbox.run("delete", "Letter.rtfd")
        #expect(result.status == 0, "\(result)")
        let files = other.trash.appending(path: "files")
        let after = try await TreeDigest.entries(of: [files, cloud, other.trash])
        #expect(after[files]?["Letter.rtfd"] == before, "renamed whole into \(other.trash.path)")
        #expect(Set(after[other.trash]?.keys ?? [:].keys) == ["files", "info"], "no temporary left in the Trash")
        #expect(!FileManager.default.fileExists(atPath: trash(sandbox).path), "nothing copied into the home Trash")
        let letter = cloud.appending(path: "Letter.rtfd").path
        #expect(try await TrashList.run(sandbox, under: [other.url]) == [letter])

        // trash-put writes the path relative to the top of the file system.
        try await sandbox.shell("XDG_DATA_HOME='\(sandbox.userHome.path)/.local/share' trash-put '\(cloud.path)/Put.txt'")
        let listed = try await sandbox.run("trash", "--json")
        let originals = try listed.jsonArray().compactMap { $0["originalPath"] as? String }.sorted()
        #expect(originals == [letter, cloud.appending(path: "Put.txt").path], "\(listed)")
        let restored = try await sandbox.run("trash", "restore", "Letter.rtfd", "Put.txt")
        #expect(restored.status == 0, "\(restored)")
        #expect(try await TreeDigest.entries(of: [cloud])[cloud]?["Letter.rtfd"] == before)
        #expect(try String(contentsOf: cloud.appending(path: "Put.txt"), encoding: .utf8) == "put")
        #expect(try await TrashList.run(sandbox, under: [other.url]) == [])
        #expect(sandbox.names(in: other.trash.appending(path: "info")) == [])
    }

    @Test func permanentRemovesAPackageWholeAndDryRunChangesNothing() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents && set -- home/Documents && \(MoveEndToEndTests.packageScript)")
        let dryRun = try await sandbox.run("delete", "Letter.rtfd", "--permanent", "--dry-run")
        #expect(dryRun.standardOutput == "would delete local:Letter.rtfd permanently\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Letter.rtfd/TXT.rtf").path))
        let trashDryRun = try await sandbox.run("delete", "Letter.rtfd", "--dry-run", "--json")
        #expect(try trashDryRun.json()["event"] as? String == "trash")
        let result = try await sandbox.run("delete", "Letter.rtfd", "--permanent")
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.localDocuments.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: trash(sandbox).path))
    }

    @Test func missingDocumentsDeleteNothing() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("keep", to: "home/Documents/Keep.txt")
        let result = try await sandbox.run("delete", "Keep.txt", "Gone.txt")
        #expect(result.status == 3)
        #expect(result.standardError == "docbrowser: Gone.txt: no such document (see 'docbrowser list')\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Keep.txt").path))
    }
}
