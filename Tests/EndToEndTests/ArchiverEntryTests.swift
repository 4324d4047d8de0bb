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

    @Test func theMostPreferredNamePresentIsWritten() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let output = sandbox.root.appending(path: "out")
        let result = try await sandbox.archiver([
            "entry", "--archive", sandbox.root.appending(path: "doc.zip").path, "--output", output.path, "--max-bytes", "1000",
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
        let result = try await sandbox.archiver([
            "entry", "--archive", sandbox.root.appending(path: "doc.zip").path, "--output", output.path, "--max-bytes", "1000",
            "--name", "preview.jpg",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.result?["name"] == nil && result.result?["bytes"] as? Int == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anEntryPastTheCapIsRefusedAndLeavesNoFile() async throws {
        let sandbox = try Sandbox()
        try await Self.makeArchive(sandbox)
        let output = sandbox.root.appending(path: "out")
        let result = try await sandbox.archiver([
            "entry", "--archive", sandbox.root.appending(path: "doc.zip").path, "--output", output.path, "--max-bytes", "65536",
            "--name", "big.bin",
        ])
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
        let result = try await sandbox.archiver([
            "entry", "--archive", sandbox.root.appending(path: "doc.zip").path, "--output", output.path, "--max-bytes", "1000",
            "--name", "Thumbnails/thumbnail.png",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try Data(contentsOf: output) == Data("png bytes".utf8))
    }
}
