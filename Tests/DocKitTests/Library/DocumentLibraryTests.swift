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
        let library = DocumentLibrary(home: home.home, installation: .builtIn, trash: trash, environment: ["HOME": home.root])

        let opened = try library.openCatalog(registry: SystemTypes.registry)
        #expect(opened.recovered.count == 1, "\(opened.recovered)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.directory.url.appending(path: "Library/Journal").path).isEmpty)
        #expect(try opened.catalog.documents(matching: DocumentQuery()).isEmpty)
        // Once recovered, opening again has nothing to do.
        #expect(try library.openCatalog(registry: SystemTypes.registry).recovered.isEmpty)
    }

    @Test func theHandlersOfTheHomeAndItsDefaultsAreTheLibrarys() throws {
        let home = try TestHome()
        let library = DocumentLibrary(home: home.home, installation: .builtIn, environment: ["HOME": home.root])
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
        let library = DocumentLibrary(home: home.home, installation: .builtIn, trash: trash, environment: ["HOME": home.root])
        let journal = home.directory.url.appending(path: "Library/Journal").path

        let catalog = try library.readOnlyCatalog(registry: SystemTypes.registry)
        #expect(try catalog.resolve("Notes.txt").type == "public.plain-text")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: journal).isEmpty, "the journal waits for a catalog opened for use")
        #expect(try library.openCatalog(registry: SystemTypes.registry).recovered.count == 1)
    }

    @Test func thePluginsAreThoseTheHandlersDeclare() throws {
        let home = try TestHome()
        let library = DocumentLibrary(home: home.home, installation: .builtIn, environment: ["HOME": home.root])
        let manifest = home.directory.url.appending(path: "Handlers/org.example.previewer.json")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"CFBundleIdentifier": "org.example.previewer", "DBServices": [{"DBServiceKind": "preview", "DBServiceTypes": ["public.plain-text"], "DBServiceExecutable": "/bin/true"}]}"#.utf8).write(to: manifest)

        let plugins = library.plugins(registry: SystemTypes.registry)
        #expect(try plugins.service(.preview, for: "public.plain-text").identifier == "org.example.previewer")
        // Handlers already loaded are used as given, not loaded again.
        let none = library.plugins(registry: SystemTypes.registry, handlers: HandlerRegistry(handlers: []))
        #expect(none.services(.preview, for: "public.plain-text").isEmpty)
    }

    static var shipped: Installation { Installation(shareDirectory: SystemTypes.directory.deletingLastPathComponent()) }

    @Test func listingIsOneCallAndTypesDocumentsWithTheShippedDeclarations() throws {
        let home = try TestHome()
        try home.write("notes", to: "Notes.txt")
        try home.write("data", to: "Later.txt", in: .cloud)
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: Trash(directory: RawPath(home.directory.url.appending(path: "Trash"))), environment: [:])
        #expect(try library.documents().map { "\($0.qualifiedName) \($0.type)" } == ["cloud:Later.txt public.plain-text", "local:Notes.txt public.plain-text"])
    }

    @Test func fromATaskListingScansOffThePool() async throws {
        let home = try TestHome()
        try home.write("notes", to: "Notes.txt")
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash(home), environment: [:])
        #expect(try await library.documents().map(\.qualifiedName) == ["local:Notes.txt"])
    }

    @Test func theServicesWorkInTheLibrarysHomeAndTrash() throws {
        let home = try TestHome()
        try home.write("one", to: "One.txt")
        try home.write("two", to: "Two.txt")
        try home.write("old", to: "Two.txt", in: .cloud)
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Own Trash")))
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash, environment: [:])
        let catalog = try library.catalog()
        #expect(try library.deleter().delete(catalog.resolve("One.txt"), permanently: false).trashName == "One.txt")
        _ = try library.mover().move(catalog.resolve("local:Two.txt"), to: .cloud, onConflict: .replace)
        #expect(try trash.items().map(\.name.description).sorted() == ["One.txt", "Two.txt"])
        #expect(try library.copier().duplicate(library.catalog().resolve("cloud:Two.txt")).copy?.name == "Two copy.txt")
        #expect(try library.resolver().catalog.home == home.home)
        #expect(try library.importer().trash == trash)
        #expect(try library.exporter().home == home.home)
    }

    @Test func recoveryRunsOnceForTheLibraryAndItsCopies() throws {
        let home = try TestHome()
        let trash = Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
        do {
            let transaction = try JournaledImport(home: home.home, trash: trash)
            try Data("half".utf8).write(to: URL(fileURLWithPath: transaction.staging.appending("A.txt").description))
        }
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash, environment: [:])
        let copy = library
        #expect(library.recoveredOperations.isEmpty)
        _ = try copy.catalog()
        #expect(library.recoveredOperations.count == 1)
        _ = try library.catalog()
        #expect(library.recoveredOperations.count == 1)
    }

    @Test func aTypeRegisteredAfterwardsIsSeenByTheNextCatalog() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.directory.url.appending(path: "Documents/Board.scarybug"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: home.directory.url.appending(path: "Documents/Board.scarybug/bug.json"))
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash(home), environment: [:])
        #expect(try library.catalog().resolve("Board.scarybug").type == "public.folder")
        let manifest = home.directory.url.appending(path: "Handlers/org.example.bugs.json")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"CFBundleIdentifier": "org.example.bugs", "UTExportedTypeDeclarations": [{"UTTypeIdentifier": "org.example.bug-board", "UTTypeConformsTo": ["com.apple.package"], "UTTypeTagSpecification": {"public.filename-extension": ["scarybug"]}}]}"#.utf8).write(to: manifest)
        #expect(try library.catalog().resolve("Board.scarybug").type == "org.example.bug-board")
    }

    @Test func typesDeclaredInCodeTypeTheNextCatalogsDocuments() throws {
        let home = try TestHome()
        try FileManager.default.createDirectory(at: home.directory.url.appending(path: "Documents/Board.scarybug"), withIntermediateDirectories: true)
        try home.write("notes", to: "Bugs.buglist")
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash(home), environment: [:])
        let manifest = try library.declare([
            TypeDeclaration(identifier: "org.example.bug-board", description: "Bug Board", conformsTo: ["com.apple.package"],
                            tags: [.init(.filenameExtension, "scarybug")], source: .exported),
            TypeDeclaration(identifier: "org.example.bug-list", conformsTo: ["public.plain-text"],
                            tags: [.init(.filenameExtension, "buglist"), .init(.mimeType, "text/x-buglist")], source: .exported),
        ], byApplication: "org.example.bugs", name: "Bugs")
        #expect(manifest.identifier == "org.example.bugs")
        #expect(manifest.warnings.isEmpty, "\(manifest.warnings)")
        let catalog = try library.catalog()
        #expect(try catalog.resolve("Board.scarybug").type == "org.example.bug-board")
        #expect(try catalog.resolve("Board.scarybug").isPackage)
        #expect(try catalog.resolve("Bugs.buglist").type == "org.example.bug-list")
        #expect(catalog.registry.type(withIdentifier: "org.example.bug-list")?.mimeTypes == ["text/x-buglist"])
        #expect(catalog.registry.type(withIdentifier: "org.example.bug-board")?.description == "Bug Board")
    }

    @Test func anInvalidDeclarationIsRefusedAndNothingIsRegistered() throws {
        let home = try TestHome()
        let library = DocumentLibrary(home: home.home, installation: Self.shipped, trash: trash(home), environment: [:])
        let error = #expect(throws: DocKitError.self) {
            try library.declare([TypeDeclaration(identifier: "org.example.ok", source: .exported),
                                 TypeDeclaration(identifier: "org.example.list", conformsTo: ["not an identifier"], source: .exported)], byApplication: "org.example.bugs")
        }
        #expect(error?.description == "the types declared by org.example.bugs: [1]: 'not an identifier' is not a valid type identifier")
        #expect(!FileManager.default.fileExists(atPath: home.directory.url.appending(path: "Handlers/org.example.bugs.json").path))
    }

    private func trash(_ home: TestHome) -> Trash {
        Trash(directory: RawPath(home.directory.url.appending(path: "Trash")))
    }
}
