import DocKit
import DocKitTesting
import Foundation
import Synchronization
import Testing

// The examples in the doc comments of DocKit's and DocKitTesting's public
// API, as Quick Help and the DocC pages show them;
// DocumentationSamplesTests checks that every one of them is here.

/// What a sample's `show`, `apply` and the like were given, in order.
final class Shown: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}

@Suite("Doc comment samples")
struct DocCommentSamplesTests {
    // `Note`, the sample of DocumentContents, is NotesAppTutorialTests'.

    @Test func documentLibraryListsAHomesDocuments() async throws {
        let scratch = try TemporaryHome()
        let homeFolder = scratch.url.appending(path: "Notes", directoryHint: .isDirectory)
        let trashFolder = scratch.url.appending(path: "NotesTrash", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: homeFolder.appending(path: "Documents"), withIntermediateDirectories: true)
        try Data("milk".utf8).write(to: homeFolder.appending(path: "Documents/Groceries.txt"))
        var listed: [String] = []
        func print(_ name: String, _ type: String) { listed.append("\(name) \(type)") }

        let library = DocumentLibrary(
            home: Home(url: homeFolder), trash: Trash(directory: RawPath(trashFolder)),
            environment: ProcessInfo.processInfo.environment
        )
        for document in try await library.documents() {
            print(document.qualifiedName, document.type)
        }

        #expect(listed == ["local:Groceries.txt public.plain-text"])
    }

    // Synchronous: swiftc 6.3.1 crashes on `catch DocKitError.x` in an async function.
    @Test func aMoveOntoATakenNameIsMatchedByItsCode() throws {
        let home = try TemporaryHome()
        try home.write("milk", to: "Groceries.txt")
        try home.write("eggs", to: "Groceries.txt", in: .cloud)
        let mover = try home.library.mover()
        let document = try home.library.catalog().resolve("local:Groceries.txt")
        let thrown = try #require(throws: DocKitError.self) { try mover.move(document, to: .cloud, onConflict: .fail) }
        #expect(thrown.code == .alreadyExists, "the sample's second branch is the one taken")

        do {
            _ = try mover.move(document, to: .cloud, onConflict: .fail)
        } catch DocKitError.notDownloaded {
            // only its placeholder is here
        } catch let error as DocKitError where error.code == .alreadyExists {
            // ask for another name
        }

        #expect(try home.text(of: "Groceries.txt", in: .cloud) == "eggs")
    }

    @Test func anAppDeclaresItsTypeInCode() throws {
        let home = try TemporaryHome()
        let library = home.library

        try library.declare([
            TypeDeclaration(
                identifier: "org.example.bug-board", description: "Bug Board",
                conformsTo: ["com.apple.package"], tags: [.init(.filenameExtension, "scarybug")],
                source: .exported
            ),
        ], byApplication: "org.example.bugs")

        try FileManager.default.createDirectory(atPath: home.path("Ladybug.scarybug").description, withIntermediateDirectories: true)
        #expect(try library.documents().map(\.type) == ["org.example.bug-board"])
    }

    @Test func aNoteIsEditedAndSavedOnClose() async throws {
        let home = try TemporaryHome()
        let library = home.library

        let created = try library.catalog().createDocument(named: "Note.txt", in: .local)
        let note = Note()
        let document = EditableDocument(
            path: created.path, type: created.type, home: library.home,
            application: "Notes", contents: note, autosaveInterval: .seconds(30)
        )
        try await document.open()
        await note.append("Hello")
        await document.updateChangeCount(.done)
        try await document.close()   // saves, as there are unsaved changes

        #expect(try home.text(of: "Note.txt") == "Hello")
    }

    @Test func aPackageIsAFolderOfWrappers() throws {
        let package = DocumentWrapper.directory([
            RawPath("Index.json"): .regularFile(Data("{}".utf8)),
            RawPath("Images"): .directory([:]),
        ])

        #expect(package.children?[RawPath("Index.json")]?.regularFileContents == Data("{}".utf8))
    }

    @Test func anOpenDocumentsStatesAndExternalChangesArrive() async throws {
        let home = try TemporaryHome()
        try home.write("first", to: "Note.txt")
        let contents = Note()
        let document = EditableDocument(path: home.path("Note.txt"), type: "public.plain-text", home: home.home,
                                        application: "Notes", contents: contents)
        try await document.open()
        let shown = Shown()
        func showSaveFailure() { shown.record("save failed") }

        let states = Task {
            for await state in await document.stateChanges() {
                if state.contains(.savingError) { showSaveFailure() }
            }
        }
        let changes = Task {
            for await change in await document.externalChanges() {
                if change == .modified, await !document.hasUnsavedChanges { try await document.revert() }
            }
        }

        try home.write("second", to: "Note.txt")
        try await eventually { await contents.text == "second" }
        states.cancel()
        changes.cancel()
        try await document.close()
        #expect(shown.all.isEmpty)
    }

    @Test func aDocumentsThumbnailIsMadeInTheCache() async throws {
        let home = try TemporaryHome()
        // One pixel: what the desktop's image thumbnailer (gdk-pixbuf's) reads.
        try home.write(try #require(Data(base64Encoded: Self.onePixelPNG)), to: "Dot.png")
        let library = home.library
        let registry = try library.typeRegistry().registry
        let document = try await library.catalog().resolve("Dot.png")
        var printed: [String] = []
        func print(_ path: RawPath) { printed.append(path.description) }

        let service = library.thumbnailService(registry: registry)
        let thumbnail = try await service.thumbnail(for: document, size: .large)
        print(thumbnail.path)

        #expect(printed.count == 1)
        #expect(printed.allSatisfy { $0.hasPrefix(home.environment["XDG_CACHE_HOME"]! + "/thumbnails/large/") }, "\(printed)")
    }

    static let onePixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

    @Test func aCatalogsChangesArriveAsEvents() async throws {
        let home = try TemporaryHome()
        try home.write("milk", to: "Groceries.txt", in: .cloud)
        let catalog = try home.library.catalog()
        let shown = Shown()

        let watch = Task {
            func show(_ documents: [Document]) { shown.record("gathered " + documents.map(\.qualifiedName).joined(separator: " ")) }
            func apply(_ changes: [DocumentChange]) { shown.record("changed " + changes.map(\.document.qualifiedName).joined(separator: " ")) }
            for try await event in catalog.changes(in: [.cloud]) {
                switch event {
                case .gathered(let documents): show(documents)
                case .changed(let changes): apply(changes)
                }
            }
        }
        defer { watch.cancel() }
        try await eventually { shown.all == ["gathered cloud:Groceries.txt"] }
        try home.write("eggs", to: "Eggs.txt", in: .cloud)
        try await eventually { shown.all == ["gathered cloud:Groceries.txt", "changed cloud:Eggs.txt"] }
    }

    @Test func aSearchQueryIsParsedAndRunLive() async throws {
        let home = try TemporaryHome()
        try home.write("invoice 42", to: "Invoice.md")
        let search = try DocumentSearch(catalog: home.library.catalog(), extractor: DocumentTextExtractor(tools: home.library.previewTools()))
        let shown = Shown()

        let query = try SearchQuery("invoice (kind:com.adobe.pdf OR name:*.md) NOT state:inConflict")

        let watch = Task {
            func show(_ hits: [SearchHit]) { shown.record("gathered " + hits.map(\.document.qualifiedName).joined(separator: " ")) }
            func add(_ hits: [SearchHit]) { shown.record("started " + hits.map(\.document.qualifiedName).joined(separator: " ")) }
            func remove(_ documents: [Document]) { shown.record("stopped " + documents.map(\.qualifiedName).joined(separator: " ")) }
            func note(_ failures: [SearchFailure]) { shown.record("unreadable \(failures.count)") }
            let query = try SearchQuery("invoice kind:com.adobe.pdf")
            for try await event in search.live(query) {
                switch event {
                case .gathered(let hits): show(hits)
                case .started(let hits): add(hits)
                case .stopped(let documents): remove(documents)
                case .unreadable(let failures): note(failures)
                }
            }
        }
        defer { watch.cancel() }
        try await eventually { shown.all == ["gathered "] }
        #expect(try await search.run(query).hits.map(\.document.qualifiedName) == ["local:Invoice.md"])
    }

    @Test func aTemporaryHomeAndASimulatedSyncEngine() throws {
        let home = try TemporaryHome()
        try home.write("Buy milk", to: "Groceries.txt")
        let documents = try home.library.documents()
        #expect(documents.map(\.qualifiedName) == ["local:Groceries.txt"])

        try home.write("Buy milk", to: "Groceries.txt", in: .cloud)
        let engine = SimulatedSyncEngine(home: home)
        try engine.makeConflictCopy(of: "Groceries.txt", contents: "Buy oat milk")
        // the catalog now lists cloud:Groceries.txt as inConflict
        let cloud = try home.library.documents().first { $0.qualifiedName == "cloud:Groceries.txt" }
        #expect(cloud?.states.contains(.inConflict) == true)
    }
}
