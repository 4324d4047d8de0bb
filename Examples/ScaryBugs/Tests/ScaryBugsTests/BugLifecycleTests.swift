import DocKit
import Foundation
import ScaryBugsKit
import Testing

@Suite("A bug's lifecycle through DocKit, as the Scary Bugs app lives it")
struct BugLifecycleTests {
    @Test func aBugIsMadeEditedAutosavedClosedReopenedAndReverted() async throws {
        let fixture = try ShelfFixture()
        let shelf = fixture.shelf(autosave: .milliseconds(200))
        let picture = ShelfFixture.picture()
        let made = try await shelf.newBug(named: "Ladybug", ScaryBug(title: "Ladybug", rating: 1), image: picture)
        let package = made.document.path
        #expect(package.lastComponent.description == "Ladybug.scarybug")
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.description).sorted() == ["Bug.plist", "Image.png"])
        #expect(try ShelfFixture.bug(at: package) == ScaryBug(title: "Ladybug", rating: 1))
        let pictureInode = try ShelfFixture.inode(package.url.appending(path: "Image.png"))

        await made.edit { $0.rating = 4 }
        #expect(await made.document.hasUnsavedChanges)
        try await ShelfFixture.waitUntil("autosave writes the new rating while the bug is open") {
            try ShelfFixture.bug(at: package).rating == 4
        }
        try await ShelfFixture.waitUntil("autosave leaves no unsaved changes") { await !made.document.hasUnsavedChanges }
        #expect(await made.document.documentState == .normal)
        #expect(try ShelfFixture.inode(package.url.appending(path: "Image.png")) == pictureInode,
                "a save rewrites only the children that changed")
        try await made.document.close()
        #expect(await made.document.documentState == .closed)

        let reopened = try await shelf.openBug("Ladybug")
        #expect(await reopened.bug == ScaryBug(title: "Ladybug", rating: 4))
        #expect(await reopened.contents.image == picture)
        await reopened.edit { $0.title = "Not scary at all" }
        try await reopened.document.revert()
        #expect(await reopened.bug.title == "Ladybug")
        #expect(await !reopened.document.hasUnsavedChanges)
        try await reopened.document.close()
        #expect(try ShelfFixture.bug(at: package) == ScaryBug(title: "Ladybug", rating: 4), "the reverted edit never reached the disk")
    }

    @Test func closingSavesWhatAutosaveHasNotYet() async throws {
        let fixture = try ShelfFixture()
        let shelf = fixture.shelf(autosave: .seconds(3600))
        let made = try await shelf.newBug(named: "Moth", ScaryBug(title: "Moth", rating: 0))
        await made.edit { $0.rating = 2 }
        await made.setImage(ShelfFixture.picture(3))
        try await made.document.close()
        #expect(try ShelfFixture.bug(at: made.document.path).rating == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: made.document.path.description).sorted()
        #expect(names == ["Bug.plist", "Image.png"])
    }

    @Test func aNameThatIsTakenIsRefusedAndTheBugThereIsLeftAlone() async throws {
        let fixture = try ShelfFixture()
        let shelf = fixture.shelf()
        let first = try await shelf.newBug(named: "Wasp", ScaryBug(title: "Wasp", rating: 5))
        try await first.document.close()
        await #expect(throws: BugError.exists(name: "Wasp.scarybug")) {
            _ = try await shelf.newBug(named: "Wasp", ScaryBug(title: "Another wasp", rating: 1))
        }
        #expect(try ShelfFixture.bug(at: first.document.path).title == "Wasp")
    }

    @Test func aConflictCopyASyncEngineLeavesPutsTheBugInConflictUntilResolved() async throws {
        let fixture = try ShelfFixture()
        let shelf = fixture.shelf()
        // Registered, bugs are packages: a conflict inside is the bug's.
        try shelf.registerApp(executable: "/bin/true")
        let open = try await shelf.newBug(named: "Spider", ScaryBug(title: "Spider", rating: 3))
        let package = open.document.path
        var states = await open.document.stateChanges().makeAsyncIterator()
        #expect(await states.next() == .normal)

        // As Syncthing leaves the other device's Bug.plist beside ours.
        let theirs = try ScaryBug(title: "Spider", rating: 5).propertyList()
        try theirs.write(to: package.url.appending(path: "Bug.sync-conflict-20261124-101010-ABCDEF1.plist"))
        #expect(await states.next() == .inConflict, "the open bug hears of the conflict as it arrives")
        let conflicts = try await open.document.unresolvedConflictVersions()
        #expect(conflicts.map(\.device) == ["ABCDEF1"])
        try await open.document.close()

        #expect(try shelf.versions(of: "Spider").unresolvedConflicts.count == 1)
        let plan = try shelf.resolveConflict(of: "Spider", keeping: .current)
        #expect(plan.kept?.isCurrent == true)
        #expect(try shelf.versions(of: "Spider").isResolved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.description).sorted() == ["Bug.plist"])
        #expect(try ShelfFixture.bug(at: package).rating == 3, "ours was kept")
        let trashed = try FileManager.default.contentsOfDirectory(atPath: fixture.trash.appending(path: "files").path)
        #expect(trashed.count == 1, "the package as it was, holding their version, is in the Trash: \(trashed)")

        let reopened = try await shelf.openBug("Spider")
        #expect(await reopened.document.documentState == .normal)
        try await reopened.document.close()
    }

    @Test func bugsAreSharedAsAZippedSbzAndReceivedBack() async throws {
        let fixture = try ShelfFixture()
        let shelf = fixture.shelf()
        try shelf.registerApp(executable: "/bin/true")
        for (name, rating) in [("Beetle", 2), ("Hornet", 5)] {
            let made = try await shelf.newBug(named: name, ScaryBug(title: name, rating: rating), image: ShelfFixture.picture(UInt8(rating)))
            try await made.document.close()
        }
        let archive = RawPath(fixture.root.appending(path: "Bugs.sbz"))
        let summary = try await shelf.share(["Beetle", "Hornet"], to: archive)
        #expect(summary.format == "sbz")
        #expect(summary.entries == 6, "two packages of two files each")
        let head = try FileHandle(forReadingFrom: archive.url).read(upToCount: 4)
        #expect(head == Data([0x50, 0x4B, 0x03, 0x04]), "an .sbz is a zip")

        let received = try await shelf.receive(archive, in: .cloud)
        #expect(received.items.map(\.document).sorted() == ["cloud:Beetle.scarybug", "cloud:Hornet.scarybug"])
        let hornet = try await shelf.openBug("cloud:Hornet.scarybug")
        #expect(await hornet.bug == ScaryBug(title: "Hornet", rating: 5))
        #expect(await hornet.contents.image == ShelfFixture.picture(5))
        try await hornet.document.close()

        let again = try await shelf.receive(archive, in: .local)
        #expect(again.items.count == 2 && again.items.allSatisfy { $0.renamed }, "the names are taken on this device, so the bugs come in renamed")
    }

    @Test func whatIsNoBugIsSaidSo() throws {
        #expect(throws: BugError.notAPackage) { try BugPackage.contents(of: .regularFile(Data("hello".utf8))) }
        #expect(throws: BugError.unreadable(part: "Bug.plist", reason: "missing")) { try BugPackage.contents(of: .directory([:])) }
        let scary = Data(#"<plist version="1.0"><dict><key>title</key><string>X</string><key>rating</key><integer>9</integer></dict></plist>"#.utf8)
        #expect(throws: BugError.unreadable(part: "Bug.plist", reason: "rating 9 is not from 0 to 5")) {
            try BugPackage.contents(of: .directory([RawPath("Bug.plist"): .regularFile(scary)]))
        }
    }
}
