import DocKit
import DocKitTesting
import Foundation
import Testing

/// The four-step Usage of DocKit.md, on a folder of the test's own.
@Suite("DocKit usage sample")
struct DocKitUsageSamplesTests {
    @Test func openCreateEditList() async throws {
        let scratch = try TemporaryHome()
        let folder = scratch.url.appending(path: "Notes", directoryHint: .isDirectory)

        // 1. A library on the app's folder, with a Trash of its own.
        let library = DocumentLibrary(
            home: Home(url: folder),
            trash: Trash(directory: RawPath(folder.appending(path: "Trash"))),
            environment: ProcessInfo.processInfo.environment
        )

        // 2. A new document; recovery of what killed processes left runs first.
        let created = try library.catalog().createDocument(named: "Groceries.txt", in: .local)

        // 3. Edit it with UIDocument's lifecycle; Note is the app's DocumentContents.
        let note = Note()
        let editor = EditableDocument(path: created.path, type: created.type, home: library.home,
                                      application: "Notes", contents: note)
        try await editor.open()
        await note.append("Buy milk\n")
        await editor.updateChangeCount(.done)
        try await editor.close()

        // 4. The documents of both locations, as the Files app shows them.
        let documents = try await library.documents()

        #expect(documents.map { "\($0.qualifiedName) \($0.type) \($0.size)" } == ["local:Groceries.txt public.plain-text 9"])
    }
}
