#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents hear what other processes do to them")
struct ExternalChangesTests {
    @Test func anotherWritersChangeIsReportedAndRevertTakesIt() async throws {
        let home = try TestHome("modified")
        try home.write("mine", to: "Note.txt")
        let model = WrapperModel()
        let document = try EditingFixtures.document("Note.txt", in: home, model: model)
        try await document.open()
        let changes = await document.externalChanges()
        try FileSystem.writeAtomically(Data("theirs".utf8), to: home.path("Note.txt"))
        #expect(await EditingFixtures.first(of: changes) == .modified)
        try await document.revert()
        #expect(await model.text == "theirs")
        try await document.close()
    }

    @Test func theDocumentsOwnSaveIsNotReportedButARemovalIs() async throws {
        let home = try TestHome("own")
        let model = WrapperModel(EditingFixtures.package())
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.save(for: .forCreating)
        let changes = await document.externalChanges()
        await model.set(EditingFixtures.package(first: "edited"))
        await document.updateChangeCount(.done)
        try await document.save()
        // Time for a report of the save, were there one, to come before the
        // removal's; on a slower machine the test can only miss it, not fail.
        try await Task.sleep(for: .milliseconds(600))
        // Gone in one rename, as docbrowser deletes: a package removed entry
        // by entry is a modified one half-way, where a loaded machine can
        // look at it.
        try FileSystem.retireAndRemove(home.path("Deck.rtfd"), retired: home.path(".Deck.rtfd.removed"))
        #expect(await EditingFixtures.first(of: changes) == .removed, "the save itself was not reported")
        try await document.close()
    }

    @Test func aConflictCopyArrivingPutsTheOpenDocumentInConflict() async throws {
        let home = try TestHome("arriving")
        try home.write("mine", to: "Note.txt")
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel())
        try await document.open()
        #expect(await document.documentState == .normal)
        try home.write("theirs", to: "Note.sync-conflict-20261122-120303-JZLXCF2.txt")
        #expect(await EditingFixtures.eventually { await document.documentState == .inConflict })
        try await document.close()
    }
}
