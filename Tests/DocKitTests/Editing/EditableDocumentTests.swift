#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents: open, edit, save, revert, close")
struct EditableDocumentTests {
    @Test func aDocumentCreatedEditedAndClosedReopensWithWhatWasSaved() async throws {
        let home = try TestHome("editing")
        let model = WrapperModel(text: "one")
        let document = try EditingFixtures.document("Note.txt", in: home, model: model)
        #expect(await document.documentState == .closed)
        try await document.save(for: .forCreating)
        #expect(try home.contents("Note.txt") == "one")
        #expect(await document.documentState == .normal)
        await model.set(text: "two")
        await document.updateChangeCount(.done)
        #expect(await document.hasUnsavedChanges)
        try await document.save()
        #expect(await !document.hasUnsavedChanges)
        #expect(try home.contents("Note.txt") == "two")
        await model.set(text: "three")
        await document.updateChangeCount(.done)
        try await document.close()
        #expect(await document.documentState == .closed)
        #expect(try home.contents("Note.txt") == "three")

        let reopenedModel = WrapperModel()
        let reopened = try EditingFixtures.document("Note.txt", in: home, model: reopenedModel)
        try await reopened.open()
        #expect(await reopenedModel.text == "three")
        #expect(await !reopened.hasUnsavedChanges)
        try await reopened.close()
    }

    @Test func theChangeCountFollowsEditsUndoesAndClears() async throws {
        let home = try TestHome("changes")
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel(text: "x"))
        try await document.save(for: .forCreating)
        await document.updateChangeCount(.done)
        await document.updateChangeCount(.done)
        await document.updateChangeCount(.undone)
        #expect(await document.hasUnsavedChanges)
        await document.updateChangeCount(.undone)
        #expect(await !document.hasUnsavedChanges, "every edit since the save was undone")
        await document.updateChangeCount(.redone)
        #expect(await document.hasUnsavedChanges)
        await document.updateChangeCount(.cleared)
        #expect(await !document.hasUnsavedChanges)
        try await document.close()
    }

    @Test func saveIsOnlyForAnOpenDocument() async throws {
        let home = try TestHome("closed")
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel(text: "x"))
        await #expect(throws: DocKitError.self) { try await document.save() }
        #expect(!home.exists("Note.txt"))
    }

    @Test func revertDiscardsTheChanges() async throws {
        let home = try TestHome("revert")
        try home.write("on disk", to: "Note.txt")
        let model = WrapperModel()
        let document = try EditingFixtures.document("Note.txt", in: home, model: model)
        try await document.open()
        await model.set(text: "edited")
        await document.updateChangeCount(.done)
        try await document.revert()
        #expect(await model.text == "on disk")
        #expect(await !document.hasUnsavedChanges)
        try await document.close()
        #expect(try home.contents("Note.txt") == "on disk")
    }

    @Test func autosaveWritesUnsavedChangesOnItsOwn() async throws {
        let home = try TestHome("autosave")
        try home.write("before", to: "Note.txt")
        let model = WrapperModel()
        let document = try EditingFixtures.document("Note.txt", in: home, model: model, autosaveInterval: .milliseconds(50))
        try await document.open()
        await model.set(text: "after")
        await document.updateChangeCount(.done)
        let saved = await EditingFixtures.eventually { (try? home.contents("Note.txt")) == "after" }
        #expect(saved)
        #expect(await EditingFixtures.eventually { await !document.hasUnsavedChanges })
        try await document.close()
    }

    @Test func theStateStreamSaysClosedNormalEditingDisabledNormalClosed() async throws {
        let home = try TestHome("states")
        try home.write("text", to: "Note.txt")
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel())
        let states = await document.stateChanges()
        try await document.open()
        try await document.revert()
        try await document.close()
        var seen: [EditableDocument.State] = []
        for await state in states {
            seen.append(state)
            if seen.count > 1, state == .closed { break }
        }
        #expect(seen == [.closed, .normal, .editingDisabled, .normal, .closed])
    }
}
