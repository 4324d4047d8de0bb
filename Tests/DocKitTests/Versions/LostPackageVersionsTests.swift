import Foundation
import Testing
@testable import DocKit

/// The versions of a package that lost most of its tree: the remnant, and
/// the whole package in this device's Trash; and resolving between them.
@Suite("Versions of a package that lost most of its tree")
struct LostPackageVersionsTests {
    /// A home whose cloud Deck.key of 16 files was trashed here, and came
    /// back as the one file edited elsewhere; listed once since.
    private func revivedRemnant() throws -> (TestHome, DocumentCatalog, Document) {
        let home = try TestHome("lost-package")
        try PackageLossTests.makeDeck(home, files: 16)
        #expect(try PackageLossTests.deckStates(home) == [.normal])
        _ = try JournaledDeletion(home: home.home, trash: PackageLossTests.trash(home)).moveToTrash(home.path("Deck.key", in: .cloud))
        try home.write("edited elsewhere", to: PackageLossTests.file(0), in: .cloud)
        let catalog = try PackageLossTests.catalog(home)
        let deck = try catalog.resolve("cloud:Deck.key")
        #expect(deck.stateList == [.inConflict])
        return (home, catalog, deck)
    }

    private func fileCount(_ path: RawPath) throws -> Int {
        PackageLoss.fileCount(of: try PackageContents.walk(path))
    }

    @Test("the remnant is the current version, the whole package in the Trash version 1")
    func versions() throws {
        let (home, catalog, deck) = try revivedRemnant()
        let versions = try catalog.versions(of: deck)
        #expect(versions.current?.size == Int64("edited elsewhere".utf8.count))
        #expect(versions.unresolvedConflicts.map(\.number) == [1])
        let whole = try #require(versions.unresolvedConflicts.first)
        #expect(whole.name == "Deck.key")
        #expect(whole.path == PackageLossTests.trash(home).filePath(RawPath("Deck.key")))
        #expect(whole.size == (0..<16).reduce(0) { $0 + Int64("slide \($1)".utf8.count) })
        guard case .trash(let item)? = whole.wholePackage else { Issue.record("not the Trash's: \(whole)"); return }
        #expect(item.info.originalPath == home.path("Deck.key", in: .cloud))
    }

    @Test("keeping the whole package restores it over the remnant, which goes to the Trash, and ends the conflict")
    func keepWhole() throws {
        let (home, catalog, deck) = try revivedRemnant()
        let resolver = ConflictResolver(catalog: catalog, trash: PackageLossTests.trash(home))
        let plan = try resolver.resolve(deck, keeping: .version(1))
        #expect(plan.trashed.map(\.number) == [0])
        #expect(try fileCount(home.path("Deck.key", in: .cloud)) == 16)
        #expect(try home.contents(PackageLossTests.file(0), in: .cloud) == "slide 0")
        let trashed = try PackageLossTests.trash(home).items()
        #expect(trashed.count == 1)
        #expect(try trashed.map { try fileCount($0.path) } == [1])
        #expect(try PackageLossTests.deckStates(home) == [.normal])
    }

    @Test("keeping the remnant ends the conflict and leaves the whole package in the Trash")
    func keepRemnant() throws {
        let (home, catalog, deck) = try revivedRemnant()
        try ConflictResolver(catalog: catalog, trash: PackageLossTests.trash(home)).resolve(deck, keeping: .current)
        #expect(try PackageLossTests.deckStates(home) == [.normal])
        #expect(try PackageLossTests.deckStates(home) == [.normal])
        #expect(try home.contents(PackageLossTests.file(0), in: .cloud) == "edited elsewhere")
        #expect(try PackageLossTests.trash(home).items().map { try fileCount($0.path) } == [16])
    }

    @Test("newest and all would mix the remnant and the whole package: refused, naming the choices")
    func mixesRefused() throws {
        let (home, catalog, deck) = try revivedRemnant()
        let resolver = ConflictResolver(catalog: catalog, trash: PackageLossTests.trash(home))
        for choice in [ConflictResolver.Choice.newest, .all] {
            #expect(throws: DocKitError(VersionsError.lostPackage(document: "cloud:Deck.key"))) { try resolver.resolve(deck, keeping: choice) }
        }
        #expect(throws: DocKitError(VersionsError.noSuchVersion(document: "cloud:Deck.key", number: 2, count: 1))) { try resolver.resolve(deck, keeping: .version(2)) }
        #expect(try PackageLossTests.deckStates(home) == [.inConflict])
    }

    @Test("Syncthing's versioning tags a file before its extension; the trash can keeps its name", arguments: [
        ("slide~20261127-101010.png", "slide.png", "20261127-101010"),
        ("notes~20261127-101010", "notes", "20261127-101010"),
        ("a.tar~20261127-101010.gz", "a.tar.gz", "20261127-101010"),
        ("plain.txt", "plain.txt", ""),
        ("short~2026112-101010.txt", "short~2026112-101010.txt", ""),
        ("~20261127-101010.txt", "~20261127-101010.txt", ""),
    ])
    func untagged(name: String, original: String, tag: String) {
        let found = SyncthingVersions.untagged(RawPath(name))
        #expect(found.name == RawPath(original))
        #expect(String(decoding: found.tag, as: UTF8.self) == tag)
    }

    @Test("the files Syncthing's versioning kept, with what is left, are a version; keeping it rebuilds the package from their latest versions")
    func syncthingVersions() throws {
        let home = try TestHome("lost-package")
        try PackageLossTests.makeDeck(home, files: 16)
        #expect(try PackageLossTests.deckStates(home) == [.normal])
        // Syncthing deletes 15 files, keeping each in .stversions; the
        // first of them twice, an older version under an older tag.
        try Data().write(to: URL(fileURLWithPath: home.root + "/Cloud/.stfolder"))
        for index in 1..<16 {
            let file = PackageLossTests.file(index)
            let tagged = file.replacingOccurrences(of: ".txt", with: "~20261127-101010.txt")
            try Data("kept \(index)".utf8).write(to: try Self.kept(home, tagged))
        }
        try Data("older".utf8).write(to: try Self.kept(home, "Deck.key/Index/file1~20261126-090000.txt"))
        try PackageLossTests.remove(home, files: 1..<16)
        try home.write("edited elsewhere", to: PackageLossTests.file(0), in: .cloud)

        let catalog = try PackageLossTests.catalog(home)
        let deck = try catalog.resolve("cloud:Deck.key")
        #expect(deck.stateList == [.inConflict])
        let versions = try catalog.versions(of: deck)
        #expect(versions.unresolvedConflicts.map(\.number) == [1])
        let kept = try #require(versions.unresolvedConflicts.first)
        guard case .syncthingVersions(let files)? = kept.wholePackage else { Issue.record("not Syncthing's: \(kept)"); return }
        #expect(files.count == 15)
        #expect(kept.path == RawPath(home.root + "/Cloud/.stversions/Documents/Deck.key"))
        #expect(kept.size == Int64("edited elsewhere".utf8.count) + (1..<16).reduce(0) { $0 + Int64("kept \($1)".utf8.count) })

        try ConflictResolver(catalog: catalog, trash: PackageLossTests.trash(home)).resolve(deck, keeping: .version(1))
        #expect(try fileCount(home.path("Deck.key", in: .cloud)) == 16)
        #expect(try home.contents(PackageLossTests.file(0), in: .cloud) == "edited elsewhere")
        #expect(try home.contents(PackageLossTests.file(1), in: .cloud) == "kept 1")
        #expect(try home.contents(PackageLossTests.file(15), in: .cloud) == "kept 15")
        #expect(try PackageLossTests.trash(home).items().map { try fileCount($0.path) } == [1])
        #expect(try PackageLossTests.deckStates(home) == [.normal])
    }

    /// Where Syncthing keeps a version of `relativePath` of the cloud Documents folder, its folder made.
    private static func kept(_ home: TestHome, _ relativePath: String) throws -> URL {
        let url = URL(fileURLWithPath: home.root + "/Cloud/.stversions/Documents/" + relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return url
    }
}
