import Foundation
import Testing
@testable import DocKit

@Suite("DynamicTypeIdentifier")
struct DynamicTypeIdentifierTests {
    @Test("encodes a filename extension as macOS does")
    func matchesLaunchServices() {
        // `mdls -name kMDItemContentType x.sql` on a Mac without a SQL app.
        #expect(DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "sql") == "dyn.ah62d4rv4ge81g6pq")
    }

    @Test("the same tag always gives the same identifier")
    func stable() {
        let first = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "qwzx")
        let second = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "qwzx")
        #expect(first == second)
        #expect(first.hasPrefix("dyn.a"))
        #expect(first != DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "qwzy"))
    }

    @Test("tags compare case-insensitively and without a leading dot", arguments: ["SQL", "Sql", ".sql"])
    func caseInsensitive(tag: String) {
        #expect(DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: tag) == "dyn.ah62d4rv4ge81g6pq")
    }

    @Test("the tag class and the parent are part of the identifier")
    func classAndParentMatter() {
        let asExtension = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "foo")
        let asMIME = DynamicTypeIdentifier.make(tagClass: .mimeType, tag: "foo")
        let asImage = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: "foo", conformingTo: UTType.image)
        #expect(Set([asExtension, asMIME, asImage]).count == 3)
    }

    struct RoundTrip: Sendable, CustomTestStringConvertible {
        var tagClass: TypeTagClass
        var tag: String
        var parent: String
        var testDescription: String { "\(tagClass.rawValue)=\(tag) < \(parent)" }
    }

    @Test("decode gives back the tag class, tag and parent", arguments: [
        RoundTrip(tagClass: .filenameExtension, tag: "sql", parent: UTType.data),
        RoundTrip(tagClass: .filenameExtension, tag: "tar.zzz", parent: UTType.data),
        RoundTrip(tagClass: .filenameExtension, tag: "x-y_z9", parent: UTType.image),
        RoundTrip(tagClass: .filenameExtension, tag: "bundlex", parent: UTType.directory),
        RoundTrip(tagClass: .filenameExtension, tag: "qq", parent: "com.example.custom-parent"),
        RoundTrip(tagClass: .mimeType, tag: "application/x-frobnicate", parent: UTType.data),
        RoundTrip(tagClass: .mimeType, tag: "text/x-thing+xml", parent: UTType.plainText),
        RoundTrip(tagClass: .mimeType, tag: "audio/x-weird", parent: UTType.audio),
    ])
    func roundTrip(_ example: RoundTrip) throws {
        let identifier = DynamicTypeIdentifier.make(tagClass: example.tagClass, tag: example.tag, conformingTo: example.parent)
        let decoded = try #require(DynamicTypeIdentifier.decode(identifier))
        #expect(decoded.tagClass == example.tagClass)
        #expect(decoded.tag == example.tag)
        #expect(decoded.conformsTo == example.parent)
    }

    @Test("decode reads the identifier macOS gives .sql")
    func decodeKnown() throws {
        let decoded = try #require(DynamicTypeIdentifier.decode("dyn.ah62d4rv4ge81g6pq"))
        #expect(decoded.tagClass == .filenameExtension)
        #expect(decoded.tag == "sql")
        #expect(decoded.conformsTo == UTType.data)
    }

    @Test("decode refuses what is not a dynamic identifier", arguments: [
        "dyn.zzz!", "public.png", "dyn.", "dyn.a", "dyn.b62d4rv4ge81g6pq", "dyn.aiiii", "",
    ])
    func decodeGarbage(_ identifier: String) {
        #expect(DynamicTypeIdentifier.decode(identifier) == nil)
    }
}
