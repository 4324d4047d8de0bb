@testable import DocKit
import Foundation
import Testing

/// The one entry point: an app that opens a home through it gets what the
/// `docbrowser` command gets, recovery included.
@Suite("DocumentLibrary")
struct DocumentLibraryTests {
    @Test func openingTheCatalogFinishesWhatAKilledProcessLeft() throws {
        let home = try TestHome()
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        // An import killed before its commit: staged, journaled, never
        // placed; dropping the transaction unfinished leaves its journal
        // unlocked, as a dead process does.
        do {
            let transaction = try JournaledImport(home: home.home, trash: trash)
            try Data("half".utf8).write(to: URL(fileURLWithPath: transaction.staging.appending("A.txt").description))
        }
        let library = DocumentLibrary(home: home.home, installation: Installation(shareDirectory: URL(fileURLWithPath: "/nonexistent")), trash: trash)

        let opened = try library.openCatalog(registry: SystemTypes.registry)
        #expect(opened.recovered.count == 1, "\(opened.recovered)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.directory.url.appending(path: "Library/Journal").path).isEmpty)
        #expect(try opened.catalog.documents(matching: DocumentQuery()).isEmpty)
        // Once recovered, opening again has nothing to do.
        #expect(try library.openCatalog(registry: SystemTypes.registry).recovered.isEmpty)
    }

    @Test func theHandlersOfTheHomeAndItsDefaultsAreTheLibrarys() throws {
        let home = try TestHome()
        let library = DocumentLibrary(home: home.home, installation: Installation(shareDirectory: URL(fileURLWithPath: "/nonexistent")))
        let manifest = home.directory.url.appending(path: "Handlers/org.example.viewer.json")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"CFBundleIdentifier": "org.example.viewer", "CFBundleDocumentTypes": [{"LSItemContentTypes": ["public.plain-text"], "CFBundleTypeRole": "Viewer"}]}"#.utf8).write(to: manifest)
        #expect(library.handlers().handler(withIdentifier: "org.example.viewer") != nil)
        #expect(try library.handlerDefaults() == HandlerDefaults())
    }

    @Test func theReadOnlyCatalogLeavesWhatAKilledProcessLeftAsItWas() throws {
        let home = try TestHome()
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        do {
            let transaction = try JournaledImport(home: home.home, trash: trash)
            try Data("half".utf8).write(to: URL(fileURLWithPath: transaction.staging.appending("A.txt").description))
        }
        try home.write("notes", to: "Notes.txt")
        let library = DocumentLibrary(home: home.home, installation: Installation(shareDirectory: URL(fileURLWithPath: "/nonexistent")), trash: trash)
        let journal = home.directory.url.appending(path: "Library/Journal").path

        let catalog = try library.readOnlyCatalog(registry: SystemTypes.registry)
        #expect(try catalog.resolve("Notes.txt").type == "public.plain-text")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: journal).isEmpty, "the journal waits for a catalog opened for use")
        #expect(try library.openCatalog(registry: SystemTypes.registry).recovered.count == 1)
    }

    @Test func thePluginsAreThoseTheHandlersDeclare() throws {
        let home = try TestHome()
        let library = DocumentLibrary(home: home.home, installation: Installation(shareDirectory: URL(fileURLWithPath: "/nonexistent")))
        let manifest = home.directory.url.appending(path: "Handlers/org.example.previewer.json")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"CFBundleIdentifier": "org.example.previewer", "DBServices": [{"DBServiceKind": "preview", "DBServiceTypes": ["public.plain-text"], "DBServiceExecutable": "/bin/true"}]}"#.utf8).write(to: manifest)

        let plugins = library.plugins(registry: SystemTypes.registry)
        #expect(try plugins.service(.preview, for: "public.plain-text").identifier == "org.example.previewer")
        // Handlers already loaded are used as given, not loaded again.
        let none = library.plugins(registry: SystemTypes.registry, handlers: HandlerRegistry(handlers: []))
        #expect(none.services(.preview, for: "public.plain-text").isEmpty)
    }
}
