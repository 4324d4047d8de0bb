import Foundation
import Testing
@testable import DocKit

/// The async forms of the calls that do long file I/O do what their
/// blocking forms do, awaited from a task.
@Suite("async forms of listing, moving, copying, deleting and resolving")
struct AsyncFormsTests {
    static func library(_ home: TestHome) -> DocumentLibrary {
        DocumentLibrary(home: home.home, installation: .builtIn, trash: home.trash, environment: [:])
    }

    @Test("the catalog lists and resolves from a task")
    func listAndResolve() async throws {
        let home = try TestHome("async-list")
        try home.write("milk", to: "Groceries.txt")
        try home.write("rain", to: "Weather.txt", in: .cloud)
        let catalog = try Self.library(home).catalog()
        #expect(try await catalog.documents(matching: DocumentQuery()).map(\.qualifiedName) == ["local:Groceries.txt", "cloud:Weather.txt"])
        #expect(try await catalog.resolve("Weather.txt").qualifiedName == "cloud:Weather.txt")
        await #expect(throws: DocKitError.self) { try await catalog.resolve("Nothing.txt") }
    }

    @Test("a move to a location and one into a folder, from a task")
    func move() async throws {
        let home = try TestHome("async-move")
        try home.write("milk", to: "Groceries.txt")
        try home.write("eggs", to: "Eggs.txt")
        let library = Self.library(home)
        _ = try library.catalog().createFolder("Kitchen", in: .cloud)
        let mover = try library.mover()
        let groceries = try await library.catalog().resolve("Groceries.txt")
        #expect(try await mover.move(groceries, to: .cloud, onConflict: .fail).document.qualifiedName == "cloud:Groceries.txt")
        let eggs = try await library.catalog().resolve("Eggs.txt")
        let moved = try await mover.move(eggs, to: DocumentDestination(.cloud, folder: "Kitchen"), onConflict: .fail)
        #expect(moved.document.qualifiedName == "cloud:Kitchen/Eggs.txt")
        #expect(try home.contents("Kitchen/Eggs.txt", in: .cloud) == "eggs")
    }

    @Test("a duplicate, a copy to a location, into a folder and out of docbrowser, from a task")
    func copy() async throws {
        let home = try TestHome("async-copy")
        try home.write("milk", to: "Groceries.txt")
        let outside = try home.directory.directory("outside")
        let library = Self.library(home)
        _ = try library.catalog().createFolder("Kitchen", in: .cloud)
        let copier = try library.copier()
        let groceries = try await library.catalog().resolve("Groceries.txt")
        #expect(try await copier.duplicate(groceries).copy?.qualifiedName == "local:Groceries copy.txt")
        #expect(try await copier.copy(groceries, to: .cloud, onConflict: .fail).copy?.qualifiedName == "cloud:Groceries.txt")
        let intoFolder = try await copier.copy(groceries, to: DocumentDestination(.cloud, folder: "Kitchen"), onConflict: .fail)
        #expect(intoFolder.copy?.qualifiedName == "cloud:Kitchen/Groceries.txt")
        _ = try await copier.copy(groceries, toFolder: RawPath(outside), onConflict: .fail)
        #expect(try String(contentsOf: outside.appending(path: "Groceries.txt"), encoding: .utf8) == "milk")
    }

    @Test("a deletion to the library's Trash, from a task")
    func delete() async throws {
        let home = try TestHome("async-delete")
        try home.write("milk", to: "Groceries.txt")
        let library = Self.library(home)
        let groceries = try await library.catalog().resolve("Groceries.txt")
        let deleted = try await library.deleter().delete(groceries, permanently: false)
        #expect(deleted.trashName == "Groceries.txt")
        #expect(!home.exists("Groceries.txt"))
        #expect(FileManager.default.fileExists(atPath: home.trash.filesDirectory.appending("Groceries.txt").description))
    }

    @Test("a conflict resolved by keeping the other device's version, from a task")
    func resolve() async throws {
        let home = try TestHome("async-resolve")
        try home.write("mine", to: "Note.txt", in: .cloud)
        try home.write("theirs", to: "Note.sync-conflict-20261122-120303-JZLXCF2.txt", in: .cloud)
        let library = Self.library(home)
        let note = try await library.catalog().resolve("cloud:Note.txt")
        #expect(note.states.contains(.inConflict))
        let plan = try await library.resolver().resolve(note, keeping: .version(1))
        #expect(!plan.isEmpty)
        #expect(try home.contents("Note.txt", in: .cloud) == "theirs")
        #expect(try await library.catalog().resolve("cloud:Note.txt").states.isEmpty)
    }
}
