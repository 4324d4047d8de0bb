import Foundation
import Testing

/// Which files `import` takes apart: archives the archiver declares, known
/// by name or, when the name says nothing, by content; never a document
/// that happens to be built on a zip.
@Suite("import takes apart archives, not documents built on them")
struct ImportArchiveChoiceEndToEndTests {
    /// A zip laid out as the documents built on zip are: a `mimetype`, a
    /// `META-INF` folder, thumbnails and content.
    private func documentZip(_ sandbox: Sandbox, named name: String) async throws -> URL {
        let source = try sandbox.directory("source")
        try await sandbox.tool("sh", ["-c", """
            set -e
            mkdir -p META-INF Thumbnails
            printf 'application/x-document' > mimetype
            printf '<manifest/>' > META-INF/manifest.xml
            printf 'png' > Thumbnails/thumbnail.png
            printf '<content/>' > content.xml
            """], in: source)
        try await sandbox.tool("zip", ["-q", "-X", "-r", "../\(name)", "mimetype", "META-INF", "Thumbnails", "content.xml"], in: source)
        return sandbox.root.appending(path: name)
    }

    @Test(arguments: ["Comic.cbz", "Page.xps", "Drawing.vsdx", "Tool.jar", "Boarding.pkpass"])
    func aDocumentBuiltOnZipImportsAsOneDocument(name: String) async throws {
        let sandbox = try Sandbox()
        let document = try await documentZip(sandbox, named: name)
        let result = try await sandbox.run("import", document.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:\(name)\n", "\(result)")
        #expect(result.standardError == "", "\(result)")
        #expect(sandbox.names(in: sandbox.localDocuments) == [name])
        #expect(FileManager.default.contentsEqual(atPath: sandbox.localDocuments.appending(path: name).path, andPath: document.path))
    }

    @Test(arguments: ["Album.bin", "Album"])
    func aZipWhoseNameSaysNothingOfItIsExtracted(name: String) async throws {
        let sandbox = try Sandbox()
        let source = try sandbox.directory("source")
        // zip(1) adds .zip to a name without it; the rename takes it off.
        try await sandbox.tool("sh", ["-c", """
            set -e
            mkdir -p Photos/2024 && printf one > Photos/2024/one.jpg && printf two > Photos/two.jpg
            zip -q -r ../made.zip Photos && mv ../made.zip '../\(name)'
            """], in: source)
        let result = try await sandbox.run("import", sandbox.root.appending(path: name).path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:Photos\n", "\(result)")
        #expect(sandbox.names(in: sandbox.localDocuments) == ["Photos"])
        #expect(try sandbox.snapshot(sandbox.localDocuments.appending(path: "Photos")) == sandbox.snapshot(source.appending(path: "Photos")))
    }
}
