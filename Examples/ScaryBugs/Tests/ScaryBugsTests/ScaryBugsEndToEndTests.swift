import DocKit
import Foundation
import ScaryBugsKit
import Testing

/// The example app and docbrowser on one user's shelf, as programs: what
/// one does, the other sees, and neither tramples the other.
@Suite("Scary Bugs and docbrowser, run as a user would")
struct ScaryBugsEndToEndTests {
    @Test func aBugGoesThroughItsWholeLifeBetweenTheAppAndDocbrowser() async throws {
        let sandbox = try AppSandbox()
        let registered = try await sandbox.scarybugs("register")
        #expect(registered.status == 0, "\(registered)")

        // docbrowser knows the app's types, and the app as their owner.
        let lookup = try await sandbox.docbrowser("types", "lookup", "--ext", "sbz")
        #expect(lookup.standardOutput.contains(ScaryBugsManifest.archiveType), "\(lookup)")
        let picture = try sandbox.write(ShelfFixture.picture(7).data, to: "ladybug.png")
        let made = try await sandbox.scarybugs("new", "Ladybug", "--rating", "2", "--image", picture.path)
        #expect(made.status == 0, "\(made)")
        let listed = try await sandbox.docbrowser("list", "--json")
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(documents.count == 1)
        #expect(documents.first?["name"] as? String == "Ladybug.scarybug")
        #expect(documents.first?["type"] as? String == ScaryBugsManifest.bugType)
        #expect(documents.first?["isPackage"] as? Bool == true)
        let handlers = try await sandbox.docbrowser("handlers", "Ladybug.scarybug")
        #expect(handlers.standardOutput.contains("\(ScaryBugsManifest.identifier)  Owner  Editor"), "\(handlers)")

        // Open for editing: autosaved while open, and docbrowser refuses
        // to move it from under the app, naming it.
        let session = try await EditingSession(sandbox, ["open", "Ladybug", "--autosave", "0.2"])
        try await session.waitForLine(containing: "Opened Ladybug.scarybug: Ladybug: ★★☆☆☆")
        session.send("rating 5")
        try await session.waitForLine(containing: "edited: unsaved changes")
        let package = sandbox.home.appending(path: "Documents/Ladybug.scarybug")
        try await ShelfFixture.waitUntil("autosave writes the rating while the bug is open") {
            (try? ShelfFixture.bug(at: RawPath(package)).rating) == 5
        }
        let move = try await sandbox.docbrowser("move", "Ladybug.scarybug", "--to", "cloud")
        #expect(move.status == 5, "\(move)")
        #expect(move.standardError.contains("Scary Bugs") && move.standardError.contains("pid \(session.pid)"), "\(move)")
        #expect(FileManager.default.fileExists(atPath: package.path), "the refused move left the bug where it was")

        // Another device's edit arrives as a sync engine's conflict copy.
        try ScaryBug(title: "Ladybird", rating: 1).propertyList()
            .write(to: package.appending(path: "Bug.sync-conflict-20261124-101010-ABCDEF1.plist"))
        try await session.waitForLine(containing: "state: inConflict")
        session.send("title Big Ladybug")
        session.send("close")
        try await session.waitForLine(containing: "Closed Ladybug.scarybug")
        #expect(try await session.status() == 0, "\(session.standardError)")
        #expect(try ShelfFixture.bug(at: RawPath(package)) == ScaryBug(title: "Big Ladybug", rating: 5), "close saved the last edit")

        // The conflict is shown, and resolved keeping this device's bug.
        let shown = try await sandbox.scarybugs("show", "Ladybug")
        #expect(shown.standardOutput.contains("in conflict with version 1, from ABCDEF1"), "\(shown)")
        let resolved = try await sandbox.scarybugs("resolve", "Ladybug", "--keep", "mine")
        #expect(resolved.status == 0, "\(resolved)")
        let versions = try await sandbox.docbrowser("versions", "Ladybug.scarybug")
        #expect(versions.status == 0 && !versions.standardOutput.contains("sync-conflict"), "\(versions)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.trash.appending(path: "files").path).count == 1)

        // Shared as a zip any tool opens, deleted, and received back.
        let archive = sandbox.root.appending(path: "Ladybug.sbz")
        let shared = try await sandbox.scarybugs("share", "Ladybug", "-o", archive.path)
        #expect(shared.status == 0, "\(shared)")
        let tested = try await sandbox.tool("python3", "-m", "zipfile", "-t", archive.path)
        #expect(tested.status == 0, "\(tested)")
        let unzipped = try await sandbox.tool("unzip", "-Z1", archive.path)
        #expect(Set(unzipped.standardOutput.split(separator: "\n")) == ["Ladybug.scarybug/", "Ladybug.scarybug/Bug.plist", "Ladybug.scarybug/Image.png"])
        let deleted = try await sandbox.docbrowser("delete", "Ladybug.scarybug")
        #expect(deleted.status == 0, "\(deleted)")
        let received = try await sandbox.scarybugs("receive", archive.path)
        #expect(received.standardOutput == "Received local:Ladybug.scarybug\n", "\(received)")
        let back = try await sandbox.scarybugs("show", "Ladybug")
        #expect(back.standardOutput == "Big Ladybug: ★★★★★ (5/5), Image.png, 72 bytes\n", "\(back)")
    }

    @Test func docbrowserOpenHandsABugToTheApp() async throws {
        let sandbox = try AppSandbox()
        #expect(try await sandbox.scarybugs("register").status == 0)
        #expect(try await sandbox.scarybugs("new", "Moth", "--rating", "1").status == 0)
        let opened = try await sandbox.docbrowser("open", "Moth.scarybug", "--wait")
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.standardError.contains("with \(ScaryBugsManifest.identifier)"), "\(opened)")
        let moved = try await sandbox.docbrowser("move", "Moth.scarybug", "--to", "cloud")
        #expect(moved.status == 0, "the app marked the bug closed when it was done with it: \(moved)")
    }

    @Test func theAppSaysWhatIsWrongInOneLine() async throws {
        let sandbox = try AppSandbox()
        #expect(try await sandbox.scarybugs("register").status == 0)
        let missing = try await sandbox.scarybugs("show", "Nothing")
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError.hasPrefix("scarybugs: ") && missing.standardError.split(separator: "\n").count == 1, "\(missing)")
        #expect(try await sandbox.scarybugs("new", "Wasp").status == 0)
        let taken = try await sandbox.scarybugs("new", "Wasp")
        #expect(taken.status == 4 && taken.standardError == "scarybugs: Wasp.scarybug: a bug of that name already exists\n", "\(taken)")
        let badRating = try await sandbox.scarybugs("edit", "Wasp", "--rating", "9")
        #expect(badRating.status == 64, "\(badRating)")
    }

    @Test func aTitleFromAStrangerCannotDriveTheTerminal() async throws {
        let sandbox = try AppSandbox()
        #expect(try await sandbox.scarybugs("register").status == 0)
        #expect(try await sandbox.scarybugs("new", "Moth", "--title", "Moth\u{1B}]0;pwned\u{07}\u{1B}[2J").status == 0)
        let shown = try await sandbox.scarybugs("show", "Moth")
        #expect(!shown.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(shown)")
        #expect(shown.standardOutput.hasPrefix("Moth\\u{1b}]0;pwned\\u{7}\\u{1b}[2J: "), "\(shown)")
    }
}
