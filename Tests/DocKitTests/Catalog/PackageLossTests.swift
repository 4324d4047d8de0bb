import Foundation
import Testing
@testable import DocKit

/// A cloud package that lost most of its tree through no doing of
/// docbrowser's is in conflict (issue 42): the rule, and how long it holds.
@Suite("Packages that lost most of their tree")
struct PackageLossTests {
    /// A cloud `Deck.key` of `count` files, alternately in `Data/` and `Index/`.
    static func makeDeck(_ home: TestHome, files count: Int) throws {
        for index in 0..<count { try home.write("slide \(index)", to: file(index), in: .cloud) }
    }

    static func file(_ index: Int) -> String {
        "Deck.key/\(index % 2 == 0 ? "Data" : "Index")/file\(index).txt"
    }

    static func remove(_ home: TestHome, files indices: some Sequence<Int>) throws {
        for index in indices { try FileManager.default.removeItem(at: home.url(file(index), in: .cloud)) }
    }

    /// The home's catalog, with its own Trash in the home.
    static func catalog(_ home: TestHome) throws -> DocumentCatalog {
        var catalog = try home.catalog()
        catalog.scanner.trash = trash(home)
        return catalog
    }

    static func trash(_ home: TestHome) -> Trash {
        Trash(directory: RawPath(home.root + "/Trash"))
    }

    /// Deck.key's states as a listing of the cloud gives them.
    static func deckStates(_ home: TestHome) throws -> [DocumentState] {
        var query = DocumentQuery()
        query.locations = [.cloud]
        let documents = try catalog(home).documents(matching: query)
        return try #require(documents.first { $0.name == "Deck.key" }, "Deck.key in \(documents.map(\.name))").stateList
    }

    @Test("losing more than half of its files makes a package in conflict, and it stays so listing after listing")
    func lostMost() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        #expect(try Self.deckStates(home) == [.normal])
        try Self.remove(home, files: 1..<16)
        #expect(try Self.deckStates(home) == [.inConflict])
        #expect(try Self.deckStates(home) == [.inConflict])
        #expect(try Self.catalog(home).scanner.catalog.rememberedTree(at: RawPath("Deck.key"), in: .cloud)?.state == .lost)
    }

    @Test("half of its files is not most: 8 of 16 gone between two looks leave it normal, 9 make it in conflict", arguments: [(8, [DocumentState.normal]), (9, [.inConflict])])
    func halfIsNotMost(removed: Int, states: [DocumentState]) throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        #expect(try Self.deckStates(home) == [.normal])
        try Self.remove(home, files: (16 - removed)..<16)
        #expect(try Self.deckStates(home) == states)
    }

    @Test("a package of fewer than four files is never judged: an edit may remove one of three")
    func smallPackage() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 3)
        #expect(try Self.deckStates(home) == [.normal])
        try Self.remove(home, files: 1..<3)
        #expect(try Self.deckStates(home) == [.normal])
    }

    @Test("a package docbrowser itself left smaller is no loss")
    func ownAction() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        let catalog = try Self.catalog(home)
        try catalog.noteOwnChange(in: .cloud, at: RawPath("Deck.key"))
        #expect(try Self.deckStates(home) == [.normal])
        try Self.remove(home, files: 1..<16)
        try catalog.noteOwnChange(in: .cloud, at: RawPath("Deck.key"))
        #expect(try Self.deckStates(home) == [.normal])
    }

    @Test("an app's save through EditableDocument that leaves a package smaller is no loss")
    func editableDocumentSave() async throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        #expect(try Self.deckStates(home) == [.normal])
        let model = WrapperModel()
        let document = EditableDocument(
            path: home.path("Deck.key", in: .cloud), type: "com.apple.keynote.key", home: home.home, application: EditingFixtures.application,
            applicationIdentifier: EditingFixtures.applicationIdentifier, contents: model, autosaveInterval: nil
        )
        try await document.open()
        await model.set(.directory([RawPath("Data"): .directory([RawPath("file0.txt"): EditingFixtures.file("slide 0, edited")])]))
        await document.updateChangeCount(.done)
        try await document.close()
        #expect(try home.contents(Self.file(0), in: .cloud) == "slide 0, edited")
        #expect(PackageLoss.fileCount(of: try PackageContents.walk(home.path("Deck.key", in: .cloud))) == 1)
        #expect(try Self.deckStates(home) == [.normal])
    }

    @Test("a local package is no sync engine's: it never is")
    func localPackage() throws {
        let home = try TestHome("package-loss")
        for index in 0..<16 { try home.write("slide", to: Self.file(index)) }
        _ = try Self.catalog(home).documents(matching: DocumentQuery())
        for index in 1..<16 { try FileManager.default.removeItem(at: home.url(Self.file(index))) }
        let deck = try #require(try Self.catalog(home).documents(matching: DocumentQuery()).first { $0.name == "Deck.key" })
        #expect(deck.stateList == [.normal])
    }

    @Test("a package that comes back whole is no longer in conflict, and the catalog forgets its loss")
    func comesBackWhole() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        _ = try Self.deckStates(home)
        try Self.remove(home, files: 1..<16)
        #expect(try Self.deckStates(home) == [.inConflict])
        try Self.makeDeck(home, files: 16)
        #expect(try Self.deckStates(home) == [.normal])
        #expect(try Self.catalog(home).scanner.catalog.rememberedTree(at: RawPath("Deck.key"), in: .cloud) == nil)
        #expect(try Self.deckStates(home) == [.normal])
    }

    @Test("a package trashed here that a sync engine brings back as a remnant is in conflict, though no listing saw it shrink")
    func trashedThenRevived() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        _ = try Self.deckStates(home)
        _ = try JournaledDeletion(home: home.home, trash: Self.trash(home)).moveToTrash(home.path("Deck.key", in: .cloud))
        var query = DocumentQuery()
        query.locations = [.cloud]
        #expect(try Self.catalog(home).documents(matching: query).isEmpty)
        try home.write("edited elsewhere", to: Self.file(0), in: .cloud)
        #expect(try Self.deckStates(home) == [.inConflict])
    }

    @Test("a package that vanished, and is not in this device's Trash, leaves no conflict to a new package of its name")
    func vanishedWithoutTrash() throws {
        let home = try TestHome("package-loss")
        try Self.makeDeck(home, files: 16)
        _ = try Self.deckStates(home)
        try FileManager.default.removeItem(at: home.url("Deck.key", in: .cloud))
        var query = DocumentQuery()
        query.locations = [.cloud]
        #expect(try Self.catalog(home).documents(matching: query).isEmpty)
        try home.write("new", to: Self.file(0), in: .cloud)
        #expect(try Self.deckStates(home) == [.normal])
    }
}
