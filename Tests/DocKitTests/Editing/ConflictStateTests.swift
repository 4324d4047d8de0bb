@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents in conflict")
struct ConflictStateTests {
    private let copyName = "Note.sync-conflict-20261122-120303-JZLXCF2.txt"

    @Test func aConflictCopyBesideTheDocumentPutsItInConflictUntilItIsGone() async throws {
        let home = try TestHome("conflict")
        try home.write("mine", to: "Note.txt")
        try home.write("theirs", to: copyName)
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel())
        try await document.open()
        #expect(await document.documentState == .inConflict)
        let versions = try await document.unresolvedConflictVersions()
        #expect(versions.map(\.name) == [copyName])
        #expect(versions.first?.engine == .syncthing)
        try FileManager.default.removeItem(at: home.url(copyName))
        try await document.revert()
        #expect(await document.documentState == .normal)
        try await document.close()
    }

    @Test func aConflictCopyInsideThePackagePutsItInConflict() async throws {
        let home = try TestHome("inner")
        try home.write("mine", to: "Deck.rtfd/first.txt")
        try home.write("theirs", to: "Deck.rtfd/first.sync-conflict-20261122-120303-JZLXCF2.txt")
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: WrapperModel(), type: "com.apple.rtfd")
        try await document.open()
        #expect(await document.documentState == .inConflict)
        #expect(try await document.unresolvedConflictVersions().first?.files.map(\.original) == [RawPath("first.txt")])
        try await document.close()
        #expect(await document.documentState == .closed)
    }

    @Test func savingAPackageKeepsTheConflictCopiesInsideItThatTheAppKnowsNothingOf() async throws {
        let home = try TestHome("kept")
        let copy = "Deck.rtfd/first.sync-conflict-20261122-120303-JZLXCF2.txt"
        try home.write("mine", to: "Deck.rtfd/first.txt")
        try home.write("theirs", to: copy)
        let copyInode = try #require(try FileManager.default.attributesOfItem(atPath: home.url(copy).path)[.systemFileNumber] as? UInt64)
        let model = WrapperModel()
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.open()
        // An app that builds its package from its own model alone.
        await model.set(.directory([RawPath("first.txt"): EditingFixtures.file("mine, edited")]))
        await document.updateChangeCount(.done)
        try await document.save()
        #expect(try String(contentsOf: home.url("Deck.rtfd/first.txt"), encoding: .utf8) == "mine, edited")
        #expect(try String(contentsOf: home.url(copy), encoding: .utf8) == "theirs", "the other device's version is still there")
        #expect(try FileManager.default.attributesOfItem(atPath: home.url(copy).path)[.systemFileNumber] as? UInt64 == copyInode, "kept as it was, not rewritten")
        #expect(await document.documentState == .inConflict)
        try await document.close()
    }
}
