import Foundation
import Testing

/// `docbrowser-archiver entry`: one named entry of a document's zip,
/// written to one file, as the thumbnails that documents carry are read.
@Suite("archiver plugin writes one named entry")
struct ArchiverEntryTests {
    /// A zip holding the thumbnails of two formats, a link named like a
    /// third and a large entry.
    static func makeArchive(_ sandbox: Sandbox) async throws {
        try await sandbox.python("""
            z = zipfile.ZipFile('doc.zip', 'w')
            z.writestr('mimetype', 'application/vnd.oasis.opendocument.text')
            z.writestr('docProps/thumbnail.jpeg', b'jpeg bytes')
            z.writestr('Thumbnails/thumbnail.png', b'png bytes')
            link = zipfile.ZipInfo('QuickLook/Thumbnail.png'); link.external_attr = (0o120777 << 16)
            z.writestr(link, '/etc/passwd')
            z.writestr('big.bin', b'x' * 100000)
            z.close()
            """)
    }

    /// `entry` on the sandbox's ARCHIVE, writing to `out` in the sandbox.
    static func entry(_ sandbox: Sandbox, archive: String = "doc.zip", maxBytes: Int = 1000, _ options: [String]) async throws -> Sandbox.PluginResult {
        try await sandbox.archiver(["entry", "--archive", sandbox.root.appending(path: archive).path,
                                    "--output", sandbox.root.appending(path: "out").path, "--max-bytes", String(maxBytes)] + options)
    }

    @Test func theMostPreferredNamePresentIsWritten() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let output = sandbox.root.appending(path: "out")
        let result = try await Self.entry(sandbox, [
            "--name", "QuickLook/Thumbnail.png", "--name", "Thumbnails/thumbnail.png", "--name", "docProps/thumbnail.jpeg",
        ])
        #expect(result.status == 0, "\(result)")
        // The link is not a regular entry; the ODF thumbnail comes before the OOXML one, though later in the zip.
        #expect(result.result?["name"] as? String == "Thumbnails/thumbnail.png", "\(result)")
        #expect(result.result?["bytes"] as? Int == 9)
        #expect(try Data(contentsOf: output) == Data("png bytes".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func noneOfTheNamesIsAResultWithoutAName() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let output = sandbox.root.appending(path: "out")
        let result = try await Self.entry(sandbox, ["--name", "preview.jpg"])
        #expect(result.status == 0, "\(result)")
        #expect(result.result?["name"] == nil && result.result?["bytes"] as? Int == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anEntryPastTheCapIsRefusedAndLeavesNoFile() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let output = sandbox.root.appending(path: "out")
        let result = try await Self.entry(sandbox, maxBytes: 65536, ["--name", "big.bin"])
        #expect(result.status == 5, "\(result)")
        #expect(result.error?["rule"] as? String == "entry-too-large", "\(result)")
        #expect(result.error?["message"] as? String == "entry 'big.bin' refused (entry-too-large): it holds more than 65536 bytes")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anExistingLinkAtTheOutputIsNotWrittenThrough() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let target = try sandbox.write("keep", to: "target.txt")
        let output = sandbox.root.appending(path: "out")
        try FileManager.default.createSymbolicLink(at: output, withDestinationURL: target)
        let result = try await Self.entry(sandbox, ["--name", "Thumbnails/thumbnail.png"])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try Data(contentsOf: output) == Data("png bytes".utf8))
    }

    static func makeEPUB(_ sandbox: Sandbox, _ name: String, package: String) async throws {
        _ = try sandbox.write(package, to: "content.opf")
        try await sandbox.python("""
            z = zipfile.ZipFile('\(name)', 'w')
            z.writestr('mimetype', 'application/epub+zip')
            z.writestr('META-INF/container.xml', '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
                '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
            z.write('content.opf', 'OEBPS/content.opf')
            z.writestr('OEBPS/images/cover art.png', b'the cover')
            z.writestr('OEBPS/images/other.png', b'another picture')
            z.writestr('etc/passwd', b'an entry, not the file')
            z.close()
            """)
    }

    @Test("an EPUB's cover is the one its package document names", arguments: [
        // EPUB 3: the manifest item whose properties hold cover-image.
        ("<package><manifest><item id='a' href='images/other.png'/><item id='c' properties='svg cover-image' href='images/cover%20art.png'/></manifest></package>",
         "OEBPS/images/cover art.png"),
        // EPUB 2: the meta named cover gives the item's id.
        ("<opf:package><opf:metadata><opf:meta name=\"cover\" content=\"pic\"/></opf:metadata><opf:manifest>"
            + "<opf:item id=\"x\" href=\"images/other.png\"/><opf:item id=\"pic\" href=\"./images/../images/cover art.png\"/></opf:manifest></opf:package>",
         "OEBPS/images/cover art.png"),
        // An href that climbs out of the archive names an entry inside it, never a file outside.
        ("<package><manifest><item properties='cover-image' href='../../../etc/passwd'/></manifest></package>", "etc/passwd"),
        ("<package><manifest><item properties='cover-image' href='file:///etc/passwd'/></manifest></package>", nil),
        ("<package><manifest><item properties='cover-image' href='images/missing.png'/></manifest></package>", nil),
        ("<package><manifest><item properties='cover-image' href=\"unclosed", nil),
    ] as [(String, String?)])
    func epubCover(_ package: String, _ expected: String?) async throws {
        let sandbox = try Sandbox()
        try await Self.makeEPUB(sandbox, "book.epub", package: package)
        let output = sandbox.root.appending(path: "out")
        let result = try await Self.entry(sandbox, archive: "book.epub", ["--name", "Thumbnails/thumbnail.png", "--epub-cover"])
        #expect(result.status == 0, "\(result)")
        #expect(result.result?["name"] as? String == expected, "\(result)")
        #expect(FileManager.default.fileExists(atPath: output.path) == (expected != nil))
    }
}
