#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents are saved safely")
struct SafeSaveTests {
    @Test func aPackageSavedAgainRewritesOnlyTheChildThatChanged() async throws {
        let home = try TestHome("package")
        let model = WrapperModel(EditingFixtures.package())
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.save(for: .forCreating)
        let untouched = ["second.txt", "Data/third.txt", "latest"]
        let before = try untouched.map { try #require(try FileStatus.of(home.path("Deck.rtfd/\($0)"))) }
        let changedBefore = try #require(try FileStatus.of(home.path("Deck.rtfd/first.txt")))
        try FileClock.waitForNextTick(probeIn: home.directory.url)

        await model.set(EditingFixtures.package(first: "one, edited"))
        await document.updateChangeCount(.done)
        try await document.save()

        #expect(try home.contents("Deck.rtfd/first.txt") == "one, edited")
        #expect(try home.contents("Deck.rtfd/second.txt") == "two")
        #expect(try home.contents("Deck.rtfd/latest") == "three", "the link still leads to its file")
        let after = try untouched.map { try #require(try FileStatus.of(home.path("Deck.rtfd/\($0)"))) }
        #expect(after.map(\.inode) == before.map(\.inode))
        #expect(after.map(\.modificationTime) == before.map(\.modificationTime))
        let changedAfter = try #require(try FileStatus.of(home.path("Deck.rtfd/first.txt")))
        #expect(changedAfter.inode != changedBefore.inode)
        try await document.close()
    }

    @Test func aPackageChangedBehindTheDocumentsBackIsWrittenWholeFromMemory() async throws {
        let home = try TestHome("behind")
        let model = WrapperModel(EditingFixtures.package())
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.save(for: .forCreating)
        try RawFiles.overwriteInPlace(Array("TWO".utf8), at: home.path("Deck.rtfd/second.txt"))
        await document.updateChangeCount(.done)
        try await document.save()
        #expect(try home.contents("Deck.rtfd/second.txt") == "two", "what the app holds is saved, not kept from disk")
        try await document.close()
    }

    @Test func aRewrittenFileKeepsItsPermissions() async throws {
        let home = try TestHome("modes")
        let model = WrapperModel(.directory([RawPath("run.sh"): EditingFixtures.file("#!/bin/sh\n")]))
        let document = try EditingFixtures.document("Tool.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.save(for: .forCreating)
        #expect(home.path("Tool.rtfd/run.sh").withCString { chmod($0, 0o750) } == 0)
        #expect(home.path("Tool.rtfd").withCString { chmod($0, 0o700) } == 0)
        await model.set(.directory([RawPath("run.sh"): EditingFixtures.file("#!/bin/sh\nexit 0\n")]))
        await document.updateChangeCount(.done)
        try await document.save()
        #expect(try home.contents("Tool.rtfd/run.sh") == "#!/bin/sh\nexit 0\n")
        #expect(try #require(try FileStatus.of(home.path("Tool.rtfd/run.sh"))).mode & 0o7777 == 0o750)
        #expect(try #require(try FileStatus.of(home.path("Tool.rtfd"))).mode & 0o7777 == 0o700)
        try await document.close()
    }

    @Test func savingLeavesNoTemporaryBehind() async throws {
        let home = try TestHome("temporaries")
        let file = WrapperModel(text: "a")
        let package = WrapperModel(EditingFixtures.package())
        let documents = [
            try EditingFixtures.document("Note.txt", in: home, model: file),
            try EditingFixtures.document("Deck.rtfd", in: home, model: package, type: "com.apple.rtfd"),
        ]
        for document in documents {
            try await document.save(for: .forCreating)
            await document.updateChangeCount(.done)
            try await document.save()
            try await document.close()
        }
        // A save that fails half-way, on a name no child may carry.
        try await documents[1].open()
        await package.set(.directory([RawPath("good.txt"): EditingFixtures.file("g"), RawPath("../escape"): EditingFixtures.file("e")]))
        await documents[1].updateChangeCount(.done)
        await #expect(throws: DocKitError.self) { try await documents[1].save() }
        #expect(await documents[1].documentState == .savingError)
        #expect(try EditingFixtures.names(in: home.documentsDirectory(.local)).sorted() == ["Deck.rtfd", "Note.txt"])
        #expect(!FileManager.default.fileExists(atPath: home.root + "/escape"))
    }

    @Test func aFailedSaveNamesTheDocumentNeverItsTemporary() async throws {
        let home = try TestHome("names")
        let document = try EditingFixtures.document("Missing Folder/Note.txt", in: home, model: WrapperModel(text: "a"))
        do {
            try await document.save(for: .forCreating)
            Issue.record("created a document in a folder that is not there")
        } catch {
            guard case .fileSystem(let failure)? = error.failure(as: EditingError.self) else { throw error }
            #expect(failure.fileSystemFailure?.path == home.path("Missing Folder/Note.txt"))
            #expect(!error.description.contains(FileSystem.temporaryPrefix))
        }
    }

    @Test func theTemporaryIsOneTheRecoverySweepRecognises() {
        let save = SafeSave(document: RawPath("/docs/Note.txt"), owner: "0badc0de")
        let temporary = save.temporary
        #expect(temporary.deletingLastComponent == RawPath("/docs"))
        #expect(temporary.lastComponent.description.hasPrefix(FileSystem.temporaryPrefix + "0badc0de-"))
        #expect(!temporary.lastComponent.description.dropFirst(FileSystem.temporaryPrefix.count).contains("."), "no journal to wait for")
    }

    @Test func aNewDocumentNeverReplacesAnExistingFile() async throws {
        let home = try TestHome("noreplace")
        try home.write("precious", to: "Note.txt")
        let document = try EditingFixtures.document("Note.txt", in: home, model: WrapperModel(text: "new"))
        do {
            try await document.save(for: .forCreating)
            Issue.record("created over an existing file")
        } catch {
            guard case .alreadyExists(let path)? = error.failure(as: EditingError.self) else { throw error }
            #expect(path == home.path("Note.txt"))
            #expect(error.code == .alreadyExists)
        }
        #expect(try home.contents("Note.txt") == "precious")
        #expect(await document.documentState == .closed)
        #expect(OpenDocumentRecord.holders(of: home.path("Note.txt"), in: LockDirectory(home: home.home)).isEmpty)
        #expect(try EditingFixtures.names(in: home.documentsDirectory(.local)) == ["Note.txt"])
    }
}
