import DocKit
import DocKitTesting
import Foundation
import Testing

/// What the simulated engine writes is what DocKit recognises from the
/// real engines: the names are checked against DocKit's own readers.
@Suite("SimulatedSyncEngine")
struct SimulatedSyncEngineTests {
    /// 2026-11-22 12:03:03 UTC.
    static let date = Date(timeIntervalSince1970: 1_795_348_983)

    @Test func conflictNamesAreTheEnginesOwn() throws {
        let engine = SimulatedSyncEngine(home: try TemporaryHome(), device: "JZLXCF2")
        #expect(engine.conflictName(of: "Notes.txt", date: Self.date) == "Notes.sync-conflict-20261122-120303-JZLXCF2.txt")
        #expect(engine.conflictName(of: "Makefile", date: Self.date) == "Makefile.sync-conflict-20261122-120303-JZLXCF2")
        #expect(engine.conflictName(of: ".profile", date: Self.date) == ".profile.sync-conflict-20261122-120303-JZLXCF2")
        #expect(engine.conflictName(of: "Notes.txt", style: .nextcloud(), date: Self.date) == "Notes (conflicted copy 2026-11-22 120303).txt")
        #expect(engine.conflictName(of: "a.tar.gz", style: .nextcloud(user: "alice"), date: Self.date) == "a.tar (conflicted copy alice 2026-11-22 120303).gz")
        let syncthing = try #require(ConflictCopy(RawPath(engine.conflictName(of: "Notes.txt", date: Self.date))))
        #expect([syncthing.engine.rawValue, syncthing.original.description, syncthing.device] == ["syncthing", "Notes.txt", "JZLXCF2"])
        let nextcloud = try #require(ConflictCopy(RawPath(engine.conflictName(of: "Notes.txt", style: .nextcloud(user: "alice"), date: Self.date))))
        #expect([nextcloud.engine.rawValue, nextcloud.original.description, nextcloud.device] == ["nextcloud", "Notes.txt", "alice"])
    }

    @Test(arguments: [SimulatedSyncEngine.ConflictStyle.syncthing, .nextcloud(user: nil), .nextcloud(user: "alice")])
    func aConflictCopyPutsTheDocumentInConflict(style: SimulatedSyncEngine.ConflictStyle) throws {
        let home = try TemporaryHome()
        try home.write("mine", to: "Notes.txt", in: .cloud)
        let copy = try SimulatedSyncEngine(home: home).makeConflictCopy(of: "Notes.txt", contents: "theirs", style: style, date: Self.date)
        #expect(copy.deletingLastComponent == home.documentsDirectory(.cloud))
        let document = try home.library.catalog().resolve("cloud:Notes.txt")
        #expect(document.states == [.inConflict])
        let versions = try DocumentVersions.of(document)
        #expect(versions.unresolvedConflicts.map(\.path) == [copy])
        #expect(try home.library.documents().map(\.qualifiedName) == ["cloud:Notes.txt"])
    }

    @Test func aFileBeingWrittenMakesItsDocumentIncompleteUntilFinished() throws {
        let home = try TemporaryHome()
        try home.write("old", to: "Notes.txt", in: .cloud)
        let pending = try SimulatedSyncEngine(home: home).beginWriting("Notes.txt", contents: Data("new".utf8))
        #expect(pending.temporary == home.path(".syncthing.Notes.txt.tmp", in: .cloud))
        #expect(try home.library.catalog().resolve("cloud:Notes.txt").states == [.incomplete])
        try pending.finish()
        #expect(try home.library.catalog().resolve("cloud:Notes.txt").states.isEmpty)
        #expect(try home.text(of: "Notes.txt", in: .cloud) == "new")
        #expect(!FileManager.default.fileExists(atPath: pending.temporary.description))
    }

    @Test func aPackageArrivesFileByFileAndIsIncompleteMeanwhile() throws {
        let home = try TemporaryHome()
        try home.library.declare([
            TypeDeclaration(identifier: "org.example.board", conformsTo: ["com.apple.package"], tags: [.init(.filenameExtension, "board")], source: .exported),
        ], byApplication: "org.example.boards")
        var seen: [String] = []
        try SimulatedSyncEngine(home: home).deliverPackage("Plan.board", files: [("Info.json", Data("{}".utf8)), ("Pictures/a.png", Data([0x89]))]) { file in
            let document = try home.library.catalog().resolve("cloud:Plan.board")
            seen.append("\(file) \(document.type) \(document.states.map(\.rawValue).sorted())")
        }
        #expect(seen == ["Info.json org.example.board [\"incomplete\"]", "Pictures/a.png org.example.board [\"incomplete\"]"])
        #expect(try home.library.catalog().resolve("cloud:Plan.board").states.isEmpty)
        #expect(try home.text(of: "Plan.board/Info.json", in: .cloud) == "{}")
    }

    @Test func aConflictInsideAPackageIsBesideTheFileBothDevicesChanged() throws {
        let home = try TemporaryHome()
        try home.library.declare([
            TypeDeclaration(identifier: "org.example.board", conformsTo: ["com.apple.package"], tags: [.init(.filenameExtension, "board")], source: .exported),
        ], byApplication: "org.example.boards")
        try home.write("{}", to: "Plan.board/Info.json", in: .cloud)
        let copy = try SimulatedSyncEngine(home: home).makeConflictCopy(of: "Plan.board/Info.json", contents: "[]", date: Self.date)
        #expect(copy == home.path("Plan.board/Info.sync-conflict-20261122-120303-LAPTOP7.json", in: .cloud))
        let document = try home.library.catalog().resolve("cloud:Plan.board")
        #expect(document.states == [.inConflict])
        #expect(try DocumentVersions.of(document).unresolvedConflicts.count == 1)
    }
}
