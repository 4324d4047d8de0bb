import DocKit
import DocKitTesting
import Foundation
import Testing

// The code of "Building a Notes App" (BuildingANotesApp.md), step by step,
// as the article shows it; DocumentationSamplesTests checks that every
// sample there is here.

/// A note: its text, saved as a plain-text file.
actor Note: DocumentContents {
    private(set) var text = ""

    func contents(forType type: String) throws -> DocumentWrapper {
        .regularFile(Data(text.utf8))
    }

    func load(fromContents contents: DocumentWrapper, ofType type: String) throws {
        text = String(decoding: contents.regularFileContents ?? Data(), as: UTF8.self)
    }

    func append(_ line: String) {
        text += line
    }
}

/// The notes a window shows, kept up to date by the library's changes.
actor NoteList {
    private(set) var names: [String] = []

    func show(_ documents: [Document]) {
        names = documents.map(\.qualifiedName).sorted()
    }

    func apply(_ changes: [DocumentChange]) {
        for change in changes {
            names.removeAll { $0 == (change.previous ?? change.document).qualifiedName }
            if change.kind != .removed { names.append(change.document.qualifiedName) }
        }
        names.sort()
    }
}

@Suite("Building a notes app")
struct NotesAppTutorialTests {
    @Test func anAppOpensALibraryOnAFolderOfItsOwn() throws {
        let scratch = try TemporaryHome()
        let folder = scratch.url.appending(path: "Notes", directoryHint: .isDirectory)

        let library = DocumentLibrary(
            home: Home(url: folder),
            trash: Trash(directory: RawPath(folder.appending(path: "Trash"))),
            environment: ProcessInfo.processInfo.environment
        )

        #expect(library.home.url == folder)
        #expect(library.trash.directory.description == folder.path + "/Trash")
    }

    @Test func theAppFromCreatingANoteToDeclaringItsOwnType() async throws {
        // Step 1: a library in a temporary home.
        let home = try TemporaryHome()
        let library = home.library

        // Step 2: a new note.
        let created = try library.catalog().createDocument(named: "Groceries.txt", in: .local)
        #expect([created.qualifiedName, created.type] == ["local:Groceries.txt", "public.plain-text"])

        // Step 3: edit with autosave, close, reopen.
        let note = Note()
        let editor = EditableDocument(
            path: created.path, type: created.type, home: library.home,
            application: "Notes", applicationIdentifier: "org.example.notes",
            contents: note, autosaveInterval: .seconds(5)
        )
        try await editor.open()
        await note.append("Buy milk\n")
        await editor.updateChangeCount(.done)
        try await editor.close()   // saves what autosave has not saved yet
        #expect(try home.text(of: "Groceries.txt") == "Buy milk\n")

        let reopened = Note()
        let again = EditableDocument(path: created.path, type: created.type, home: library.home,
                                     application: "Notes", contents: reopened)
        try await again.open()
        let text = await reopened.text
        try await again.close()
        #expect(text == "Buy milk\n")

        // Step 4: list, then watch.
        var query = DocumentQuery()
        query.type = "public.plain-text"
        let notes = try await library.documents(matching: query)
        #expect(notes.map(\.qualifiedName) == ["local:Groceries.txt"])

        let list = NoteList()
        let watcher = Task {
            for try await event in try library.catalog().changes(in: [.local, .cloud]) {
                switch event {
                case .gathered(let documents): await list.show(documents)
                case .changed(let changes): await list.apply(changes)
                }
            }
        }
        defer { watcher.cancel() }
        try await eventually { await list.names == ["local:Groceries.txt"] }

        // Step 5: to the cloud.
        let groceries = try await library.catalog().resolve("local:Groceries.txt")
        let moved = try await library.mover().move(groceries, to: .cloud, onConflict: .fail)
        #expect(moved.document.qualifiedName == "cloud:Groceries.txt")
        try await eventually { await list.names == ["cloud:Groceries.txt"] }
        watcher.cancel()

        // Step 6: another device changed it too.
        let engine = SimulatedSyncEngine(home: home)
        try engine.makeConflictCopy(of: "Groceries.txt", contents: "Buy oat milk\n")

        let document = try await library.catalog().resolve("cloud:Groceries.txt")
        if document.states.contains(.inConflict) {
            let versions = try DocumentVersions.of(document)
            let theirs = versions.unresolvedConflicts[0]
            try await library.resolver().resolve(document, keeping: .version(theirs.number))
        }
        #expect(document.states == [.inConflict])
        #expect(try home.text(of: "Groceries.txt", in: .cloud) == "Buy oat milk\n")
        #expect(try home.trashedNames() == ["Groceries.txt"])
        #expect(try await library.catalog().resolve("cloud:Groceries.txt").states.isEmpty)

        // Step 7: share as a zip, and take it back in.
        let outbox = home.url
        let archive = RawPath(outbox.appending(path: "Groceries.zip"))
        let summary = try await library.exporter().export(
            [document.path], to: archive, options: ArchiveExporter.Options(format: .zip)
        )
        let imported = try await library.importer().importFiles([archive], to: .local, onConflict: .rename)
        #expect(summary.entries == 1)
        #expect(imported.items.map(\.document) == ["local:Groceries.txt"])
        #expect(try home.text(of: "Groceries.txt") == "Buy oat milk\n")

        // Step 8: a type of the app's own.
        try library.declare([
            TypeDeclaration(
                identifier: "org.example.notes.checklist", description: "Checklist",
                conformsTo: ["public.plain-text"], tags: [.init(.filenameExtension, "checklist")],
                source: .exported
            ),
        ], byApplication: "org.example.notes", name: "Notes")
        let packing = try library.catalog().createDocument(named: "Packing", type: "org.example.notes.checklist", in: .local)
        #expect([packing.qualifiedName, packing.type] == ["local:Packing.checklist", "org.example.notes.checklist"])
        query.type = "public.plain-text"
        #expect(try await library.documents(matching: query).map(\.qualifiedName) == ["cloud:Groceries.txt", "local:Groceries.txt", "local:Packing.checklist"])
    }
}

/// Waits until `condition` holds: the watch reports on a thread of its
/// own, after the folders have been quiet for a moment.
func eventually(_ condition: @Sendable () async -> Bool) async throws {
    for _ in 0..<6_000 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition never held")
}
