#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Editable documents read hostile packages without harm")
struct HostilePackageTests {
    private func openFailure(_ relativePath: String, in home: TestHome) async throws -> DocKitError {
        let document = try EditingFixtures.document(relativePath, in: home, model: WrapperModel(), type: "com.apple.rtfd")
        do {
            try await document.open()
        } catch {
            #expect(await document.documentState == .closed)
            #expect(OpenDocumentRecord.holders(of: home.path(relativePath), in: LockDirectory(home: home.home)).isEmpty)
            return error
        }
        try await document.close()
        throw DocKitError(EditingError.closed(document: home.path(relativePath)))
    }

    @Test func aLinkOutOfThePackageIsRefusedAndNeverFollowed() async throws {
        let home = try TestHome("escape")
        try home.directory.write("secret", to: "outside.txt")
        try home.write("a", to: "Deck.rtfd/a.txt")
        try FileManager.default.createSymbolicLink(atPath: home.path("Deck.rtfd/Data").description, withDestinationPath: "../../outside.txt")
        let error = try await openFailure("Deck.rtfd", in: home)
        guard case .unsupportedEntry(_, let entry, let reason)? = error.failure(as: EditingError.self) else { throw error }
        #expect(entry == RawPath("Data"))
        #expect(reason.contains("symbolic link out of the package"))
        #expect(error.code == .notSupported)
    }

    @Test func anAbsoluteLinkIsRefused() async throws {
        let home = try TestHome("absolute")
        try home.write("a", to: "Deck.rtfd/Inner/a.txt")
        try FileManager.default.createSymbolicLink(atPath: home.path("Deck.rtfd/Inner/passwd").description, withDestinationPath: "/etc/passwd")
        let error = try await openFailure("Deck.rtfd", in: home)
        guard case .unsupportedEntry(_, let entry, _)? = error.failure(as: EditingError.self) else { throw error }
        #expect(entry == RawPath("Inner/passwd"))
    }

    @Test func aLinkInsideThePackageIsKeptAsALink() async throws {
        let home = try TestHome("inside")
        try home.write("three", to: "Deck.rtfd/Data/third.txt")
        try FileManager.default.createSymbolicLink(atPath: home.path("Deck.rtfd/Data/again").description, withDestinationPath: "../Data/third.txt")
        let model = WrapperModel()
        let document = try EditingFixtures.document("Deck.rtfd", in: home, model: model, type: "com.apple.rtfd")
        try await document.open()
        #expect(await model.wrapper.children?[RawPath("Data")]?.children?[RawPath("again")] == .symbolicLink(destination: RawPath("../Data/third.txt")))
        try await document.close()
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() async throws {
        let home = try TestHome("fifo")
        try home.write("a", to: "Deck.rtfd/a.txt")
        #expect(home.path("Deck.rtfd/pipe").withCString { mkfifo($0, 0o644) } == 0)
        let error = try await openFailure("Deck.rtfd", in: home)
        guard case .unsupportedEntry(_, let entry, let reason)? = error.failure(as: EditingError.self) else { throw error }
        #expect(entry == RawPath("pipe"))
        #expect(reason.contains("FIFO"))
    }

    @Test func aDocumentThatIsALinkIsRefused() async throws {
        let home = try TestHome("toplink")
        try home.write("a", to: "Real.txt")
        try FileManager.default.createSymbolicLink(atPath: home.path("Link.txt").description, withDestinationPath: "Real.txt")
        let error = try await openFailure("Link.txt", in: home)
        guard case .unsupportedEntry(_, let entry, _)? = error.failure(as: EditingError.self) else { throw error }
        #expect(entry.isEmpty)
    }

    @Test func anEntryThatVanishedBetweenListingAndReadingIsLeftOut() throws {
        let home = try TestHome("vanished")
        try home.write("here", to: "Deck.rtfd/here.txt")
        let package = home.path("Deck.rtfd")
        let descriptor = package.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // The listing as it was a moment before `gone.txt` was removed.
        let children = try DocumentWrapper.Reader(document: package).children([RawPath("gone.txt"), RawPath("here.txt")], in: descriptor, relativePath: RawPath(bytes: []))
        #expect(children == [RawPath("here.txt"): EditingFixtures.file("here")])
    }

    @Test func aMissingDocumentCannotBeOpened() async throws {
        let home = try TestHome("missing")
        let error = try await openFailure("Nothing.txt", in: home)
        guard case .vanished? = error.failure(as: EditingError.self) else { throw error }
        #expect(error.code == .notFound)
    }
}
