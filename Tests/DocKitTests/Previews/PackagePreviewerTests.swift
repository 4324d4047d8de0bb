import Foundation
import Testing
@testable import DocKit

@Suite("Package previews: tree, Info.plist, thumbnail, links never followed")
struct PackagePreviewerTests {
    /// An RTFD package with nested content, an Info.plist, a thumbnail and
    /// a link that points out of it, at a secret that must not be read.
    private func makePackage(_ bench: PreviewBench) throws {
        try bench.write("{\\rtf1 hello}", to: "Letter.rtfd/TXT.rtf")
        try bench.write(ImageBytes.png(width: 256, height: 128, bitDepth: 8, colourType: 2), to: "Letter.rtfd/QuickLook/Thumbnail.png")
        try bench.write(Array(repeating: 7, count: 1000), to: "Letter.rtfd/Attachments/Deep/Deeper/blob.dat")
        try bench.write("x", to: "Letter.rtfd/Attachments/Deep/Deeper/Deepest/leaf.txt")
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.letter", "CFBundleVersion": 42, "Pages": [1, 2], "Colour": ["r": 1]]
        try bench.write(Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)), to: "Letter.rtfd/Info.plist")
        try bench.write("secret", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: bench.directory.url("Letter.rtfd/escape").path, withDestinationPath: "../secret.txt")
    }

    @Test func packageShowsATreeWithTypesAndSizes() async throws {
        let bench = try PreviewBench()
        try makePackage(bench)
        let preview = try await bench.preview("Letter.rtfd")
        #expect(preview.kind == .package)
        let tree = try #require(preview.tree)
        let byPath = Dictionary(uniqueKeysWithValues: tree.map { ($0.path, $0) })
        #expect(byPath["TXT.rtf"]?.type == "public.rtf")
        #expect(byPath["TXT.rtf"]?.size == 13)
        #expect(byPath["QuickLook/Thumbnail.png"]?.type == "public.png")
        #expect(byPath["QuickLook/Thumbnail.png"]?.depth == 2)
        #expect(byPath["Attachments"]?.kind == .directory)
        #expect(byPath["Attachments"]?.size == 1001)
        #expect(byPath["Attachments/Deep/Deeper"]?.depth == 3)
        // Depth 3 is the limit: what is below is counted, not listed.
        #expect(byPath["Attachments/Deep/Deeper"]?.omittedEntries == 3)
        #expect(byPath["Attachments/Deep/Deeper/blob.dat"] == nil)
        #expect(preview.notes.contains("the tree stops 3 levels deep"))
        // Depth-first, names sorted within a directory.
        #expect(tree.map(\.path).prefix(4) == ["Attachments", "Attachments/Deep", "Attachments/Deep/Deeper", "Info.plist"])
    }

    @Test func infoPlistIsSummarizedAndTheThumbnailNamed() async throws {
        let bench = try PreviewBench()
        try makePackage(bench)
        let preview = try await bench.preview("Letter.rtfd")
        #expect(preview.field("Info.plist") == "Info.plist, 4 keys")
        let info = preview.fields.filter { $0.group == "Info.plist" }
        #expect(info.map(\.label) == ["CFBundleIdentifier", "CFBundleVersion", "Colour", "Pages"])
        #expect(info.map(\.value) == ["com.example.letter", "42", "(1 key)", "(2 items)"])
        #expect(preview.field("thumbnail") == "QuickLook/Thumbnail.png (PNG, 256×128)")
    }

    @Test func linksAreShownWithTheirTargetAndNeverFollowed() async throws {
        let bench = try PreviewBench()
        try makePackage(bench)
        // A link named like a thumbnail must not be read either.
        try FileManager.default.createSymbolicLink(atPath: bench.directory.url("Letter.rtfd/thumbImage.png").path, withDestinationPath: "../secret.txt")
        let preview = try await bench.preview("Letter.rtfd")
        let link = try #require(preview.tree?.first { $0.path == "escape" })
        #expect(link.kind == .symbolicLink)
        #expect(link.linkTarget == "../secret.txt")
        #expect(link.type == "public.symlink")
        #expect(preview.field("thumbnail")?.hasPrefix("QuickLook/Thumbnail.png") == true)
        let package = bench.path("Letter.rtfd").description
        #expect(bench.reader.pathsRead.allSatisfy { $0.hasPrefix(package + "/") && !$0.hasSuffix("escape") && !$0.hasSuffix("thumbImage.png") })
    }

    @Test func treeEntriesAreCappedAndTheRestCounted() async throws {
        let bench = try PreviewBench()
        for index in 1...30 { try bench.write("\(index)", to: "Many.rtfd/file\(index).txt") }
        let preview = try await bench.preview("Many.rtfd", options: PreviewOptions(maxLines: 10))
        #expect(preview.tree?.count == 10)
        #expect(preview.notes.contains { $0.hasPrefix("20 more entries not shown") })
        #expect(preview.field("contents") == "30 items, 30 files")
    }

    @Test func thumbImageAtTheTopIsFound() async throws {
        let bench = try PreviewBench()
        try bench.write(ImageBytes.gif(width: 48, height: 48, paletteBits: 4), to: "Drawing.rtfd/thumbImage.gif")
        let preview = try await bench.preview("Drawing.rtfd")
        #expect(preview.field("thumbnail") == "thumbImage.gif (GIF (89a), 48×48)")
        #expect(preview.field("Info.plist") == nil)
    }
}
