import Foundation
import Testing
@testable import DocKit

struct DocumentTextExtractorTests {
    static let extractor = DocumentTextExtractor(tools: PreviewTools(searchPath: []), maxBytes: 16)

    static func document(at url: URL, type: String, isFolder: Bool = false) -> Document {
        Document(
            location: .local, relativePath: RawPath(url.lastPathComponent), path: RawPath(url.path), name: url.lastPathComponent,
            displayName: url.deletingPathExtension().lastPathComponent, type: type, size: 0, modificationDate: Date(),
            isPackage: false, isFolder: isFolder, isSymbolicLink: false, typeWasGuessed: false, states: []
        )
    }

    @Test func plainTextIsReadUpToTheLimit() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("héllo wörld, and then more than sixteen bytes", to: "Note.txt")
        let text = await Self.extractor.extract(Self.document(at: url, type: "public.plain-text"), registry: TypeFixtures.registry())
        #expect(text == .text("héllo wörld, a"))
    }

    @Test func typesThatAreNotTextHaveNone() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(bytes: [0x89, 0x50, 0x4E, 0x47], to: "Picture.png")
        #expect(await Self.extractor.extract(Self.document(at: url, type: "public.png"), registry: TypeFixtures.registry()) == .none)
        let folder = try directory.directory("Folder")
        #expect(await Self.extractor.extract(Self.document(at: folder, type: "public.folder", isFolder: true), registry: TypeFixtures.registry()) == .none)
    }

    @Test func binaryBytesUnderATextTypeFail() async throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write(bytes: [0x61, 0x00, 0x62], to: "Odd.txt")
        let text = await Self.extractor.extract(Self.document(at: url, type: "public.plain-text"), registry: TypeFixtures.registry())
        #expect(text == .failed(reason: "it is not text in any encoding docbrowser reads"))
    }
}
