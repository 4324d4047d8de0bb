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

    /// `Notes/one.txt` and `Notes/Sub/two.txt` in the sandbox's `source`.
    private func notes(_ sandbox: Sandbox) async throws -> URL {
        let source = try sandbox.directory("source")
        try await sandbox.tool("sh", ["-c", "mkdir -p Notes/Sub && printf 'one\\n' > Notes/one.txt && printf 'two two\\n' > Notes/Sub/two.txt"], in: source)
        return source
    }

    /// The compressions libarchive reads beyond the formats the archiver
    /// writes, as bsdtar makes them.
    @Test(arguments: [("tar.Z", ["-Z"]), ("taz", ["-Z"]), ("tar.lz", ["--lzip"]), ("tar.lzma", ["--lzma"]), ("tar.lz4", ["--lz4"]),
                      ("cpio.gz", ["--format", "newc", "-z"])])
    func aCompressedTarOrCpioIsExtracted(suffix: String, options: [String]) async throws {
        let sandbox = try Sandbox()
        let source = try await notes(sandbox)
        try await sandbox.tool("bsdtar", ["-c", "-f", "../Notes.\(suffix)"] + options + ["Notes"], in: source)
        let result = try await sandbox.run("import", sandbox.root.appending(path: "Notes.\(suffix)").path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:Notes\n", "\(result)")
        #expect(try sandbox.snapshot(sandbox.localDocuments.appending(path: "Notes")) == sandbox.snapshot(source.appending(path: "Notes")))
    }

    /// gcab writes a cabinet compressed with MSZIP, as Windows' makecab does.
    @Test func aCabinetIsExtracted() async throws {
        let sandbox = try Sandbox()
        let source = try await notes(sandbox)
        try await sandbox.tool("gcab", ["-c", "-z", "../Notes.cab", "Notes/one.txt", "Notes/Sub/two.txt"], in: source)
        let result = try await sandbox.run("import", sandbox.root.appending(path: "Notes.cab").path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:Notes\n", "\(result)")
        #expect(try sandbox.snapshot(sandbox.localDocuments.appending(path: "Notes"), times: false)
            == sandbox.snapshot(source.appending(path: "Notes"), times: false))
    }

    /// No free tool writes RAR or LHA, so these are written from the
    /// formats' descriptions (RAR 4 and LHA level 0, entries stored): they
    /// prove the routing and the readers, not the formats' compression.
    static let handWritten: [String: String] = [
        "rar": """
            import struct, zlib
            def block(body): return struct.pack('<H', zlib.crc32(body) & 0xFFFF) + body
            out = b'Rar!\\x1a\\x07\\x00' + block(struct.pack('<BHHHI', 0x73, 0, 13, 0, 0))
            for name, data in [(b'Notes/one.txt', b'one\\n'), (b'Notes/Sub/two.txt', b'two two\\n')]:
                out += block(struct.pack('<BHHIIBIIBBHI', 0x74, 0x8000, 32 + len(name), len(data), len(data), 3, zlib.crc32(data),
                                         0x5A8E3100, 29, 0x30, len(name), 0o100644) + name) + data
            out += block(struct.pack('<BHH', 0x7B, 0x4000, 7))
            """,
        "lzh": """
            import struct
            def crc16(data):
                crc = 0
                for b in data:
                    crc ^= b
                    for _ in range(8): crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
                return crc
            out = b''
            for name, data in [(b'Notes\\\\one.txt', b'one\\n'), (b'Notes\\\\Sub\\\\two.txt', b'two two\\n')]:
                body = b'-lh0-' + struct.pack('<IIIBBB', len(data), len(data), 0x5A8E3100, 0x20, 0, len(name)) + name + struct.pack('<H', crc16(data))
                out += bytes([len(body), sum(body) & 0xFF]) + body + data
            out += b'\\x00'
            """,
    ]

    @Test(arguments: [("rar", "Notes.rar"), ("rar", "Notes"), ("lzh", "Notes.lzh"), ("lzh", "Notes.lha")])
    func aRarOrLhaIsExtracted(format: String, name: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.python(try #require(Self.handWritten[format]) + "\nopen('\(name)', 'wb').write(out)\n")
        let result = try await sandbox.run("import", sandbox.root.appending(path: name).path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Imported local:Notes\n", "\(result)")
        let source = try await notes(sandbox)
        #expect(try sandbox.snapshot(sandbox.localDocuments.appending(path: "Notes"), modes: false, times: false)
            == sandbox.snapshot(source.appending(path: "Notes"), modes: false, times: false))
    }

    /// A zip cut short (a download that stopped) and named with nothing
    /// telling is still taken for a zip, and the archiver refuses it in one
    /// line naming the file; nothing comes in.
    @Test(arguments: ["Photos", "Photos.bin"])
    func aTruncatedZipNamedWithNothingTellingIsRefusedInOneLine(name: String) async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            b = io.BytesIO(); z = zipfile.ZipFile(b, 'w'); z.writestr('Notes/one.txt', 'x' * 2000); z.close()
            open('\(name)', 'wb').write(b.getvalue()[:100])
            """)
        let file = sandbox.root.appending(path: name).path
        let result = try await sandbox.run("import", file)
        #expect(result.status == 6, "\(result)")
        #expect(result.standardOutput == "")
        #expect(result.standardError == "docbrowser: \(file): org.docbrowser.archiver: damaged or truncated at entry 'Notes/one.txt': "
            + "Truncated input file (needed 2000 bytes, only 57 available)\n", "\(result)")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
        #expect(sandbox.names(in: sandbox.home.appending(path: "tmp")).isEmpty, "staging removed")
    }
}
