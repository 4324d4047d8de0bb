import Foundation
import Testing
@testable import DocKit

@Suite("DocumentCatalog.moveDocument(_:intoFolder:)")
struct FolderMoveTests {
    @Test("a file, a package and a folder go into a folder, whole, and back up to the top level")
    func intoAndOut() throws {
        let home = try TestHome("folders")
        try home.write("plan", to: "Plan.txt")
        try home.write(Data(count: 9), to: "Essay.rtfd/TXT.rtf")
        try home.write("old", to: "Archive/Old.txt")
        try home.write("", to: "Projects/.keep")
        let catalog = try home.catalog()

        let plan = try catalog.moveDocument(try catalog.resolve("Plan.txt"), intoFolder: RawPath("Projects"))
        #expect(plan.qualifiedName == "local:Projects/Plan.txt")
        #expect(try home.contents("Projects/Plan.txt") == "plan")
        #expect(try FileStatus.of(home.path("Plan.txt")) == nil)

        let essay = try catalog.moveDocument(try catalog.resolve("Essay.rtfd"), intoFolder: RawPath("Projects"))
        #expect(essay.isPackage && essay.size == 9)
        #expect(try FileStatus.of(home.path("Projects/Essay.rtfd/TXT.rtf"))?.size == 9)

        let archive = try catalog.moveDocument(try catalog.resolve("Archive"), intoFolder: RawPath("Projects"))
        #expect(archive.isFolder && archive.relativePath == RawPath("Projects/Archive"))
        #expect(try home.contents("Projects/Archive/Old.txt") == "old")

        let back = try catalog.moveDocument(plan, intoFolder: RawPath(""))
        #expect(back.qualifiedName == "local:Plan.txt")
        #expect(try home.contents("Plan.txt") == "plan")
    }

    @Test("a document not downloaded moves as its placeholder")
    func placeholder() throws {
        let home = try TestHome("folders")
        let placeholder = try PropertyListFixtures.data(["NSURLNameKey": "Remote.txt", "NSURLFileSizeKey": 700], as: .xml)
        try home.write(placeholder, to: ".Remote.txt.icloud", in: .cloud)
        try home.write("", to: "Trips/.keep", in: .cloud)
        let catalog = try home.catalog()
        let moved = try catalog.moveDocument(try catalog.resolve("cloud:Remote.txt"), intoFolder: RawPath("Trips"))
        #expect(moved.states == [.notDownloaded])
        #expect(moved.qualifiedName == "cloud:Trips/Remote.txt")
        #expect(try FileStatus.of(home.path("Trips/.Remote.txt.icloud", in: .cloud)) != nil)
    }

    @Test("a missing folder, a file, a package, or the folder itself or below are refused, and nothing moves")
    func refusals() throws {
        let home = try TestHome("folders")
        try home.write("plan", to: "Plan.txt")
        try home.write(Data(count: 3), to: "Essay.rtfd/TXT.rtf")
        try home.write("inner", to: "Projects/2026/Goals.txt")
        let catalog = try home.catalog()
        let plan = try catalog.resolve("Plan.txt")
        #expect(throws: CatalogError.self) { try catalog.moveDocument(plan, intoFolder: RawPath("Missing")) }
        #expect(throws: CatalogError.notAFolder("local:Essay.rtfd")) { try catalog.moveDocument(plan, intoFolder: RawPath("Essay.rtfd")) }
        let projects = try catalog.resolve("Projects")
        #expect(throws: CatalogError.folderIntoItself("local:Projects")) { try catalog.moveDocument(projects, intoFolder: RawPath("Projects")) }
        #expect(throws: CatalogError.folderIntoItself("local:Projects")) { try catalog.moveDocument(projects, intoFolder: RawPath("Projects/2026")) }
        #expect(try home.contents("Plan.txt") == "plan")
        #expect(try home.contents("Projects/2026/Goals.txt") == "inner")
        #expect(CatalogError.notAFolder("local:Essay.rtfd").description == "local:Essay.rtfd: not a folder")
    }

    @Test("a name the folder holds, in another case in the cloud too, is nameTaken, and neither file is touched")
    func collision() throws {
        let home = try TestHome("folders")
        try home.write("mine", to: "Notes.txt", in: .cloud)
        try home.write("theirs", to: "Projects/notes.TXT", in: .cloud)
        let catalog = try home.catalog()
        let error = try #require(throws: CatalogError.self) { try catalog.moveDocument(try catalog.resolve("cloud:Notes.txt"), intoFolder: RawPath("Projects")) }
        #expect(error == .nameTaken("cloud:Projects/Notes.txt"))
        #expect(try home.contents("Notes.txt", in: .cloud) == "mine")
        #expect(try home.contents("Projects/notes.TXT", in: .cloud) == "theirs")
    }

    @Test("a document in conflict is refused until resolved")
    func conflict() throws {
        let home = try TestHome("folders")
        try home.write("mine", to: "Notes.txt")
        try home.write("theirs", to: "Notes.sync-conflict-20261122-120303-JZLXCF2.txt")
        try home.write("", to: "Projects/.keep")
        let catalog = try home.catalog()
        #expect(throws: VersionsError.self) { try catalog.moveDocument(try catalog.resolve("Notes.txt"), intoFolder: RawPath("Projects")) }
        #expect(try home.contents("Notes.txt") == "mine")
    }
}
