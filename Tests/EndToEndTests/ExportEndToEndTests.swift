import Foundation
import Testing

@Suite("export command, run as a user would")
struct ExportEndToEndTests {
    private func documents(_ sandbox: Sandbox) async throws {
        let source = try await sandbox.makeMixedDocuments(in: "home/Documents")
        #expect(source == sandbox.localDocuments)
    }

    @Test func exportsDocumentsByNameIntoAZipOthersCanRead() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let output = sandbox.root.appending(path: "shared/out.zip")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try await sandbox.run("export", "Report", "Café – ünïcödé.txt", "Empty Folder", "-o", output.path, "--json")
        #expect(result.status == 0, "\(result)")
        let json = try result.json()
        #expect(json["entries"] as? Int == 8)
        #expect(json["format"] as? String == "zip")
        #expect((json["bytes"] as? Int ?? 0) > 300_000)
        #expect((json["archiveBytes"] as? Int ?? 0) > 0)
        #expect(json["ratio"] as? Double != nil)
        #expect(result.standardError.isEmpty, "no progress bar off a terminal: \(result.standardError)")
        #expect(sandbox.names(in: output.deletingLastPathComponent()) == ["out.zip"], "no temporary left")
        let extracted = try sandbox.directory("unzipped")
        try await sandbox.tool("unzip", ["-q", output.path, "-d", extracted.path])
        #expect(try sandbox.snapshot(extracted, linkTimes: false) == sandbox.snapshot(sandbox.localDocuments, linkTimes: false))
    }

    @Test func anExistingFileIsRefusedUnlessForced() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let output = try sandbox.write("precious", to: "out.tar.gz")
        let refused = try await sandbox.run("export", "Report.pages", "-o", output.path)
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.standardError.contains(output.path))
        #expect(try String(contentsOf: output, encoding: .utf8) == "precious")
        #expect(sandbox.names(in: sandbox.root).filter { $0.hasPrefix(".docbrowser-tmp") }.isEmpty)

        let forced = try await sandbox.run("export", "Report.pages", "-o", output.path, "--force", "--json")
        #expect(forced.status == 0, "\(forced)")
        #expect(try forced.json()["format"] as? String == "tar.gz", "format from the extension")
        try await sandbox.tool("bsdtar", ["-tzf", output.path])
    }

    @Test func allExportsEveryDocumentReproducibly() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let first = sandbox.root.appending(path: "a.zip")
        let second = sandbox.root.appending(path: "b.zip")
        #expect(try await sandbox.run("export", "--all", "--local", "--reproducible", "-o", first.path).status == 0)
        #expect(try await sandbox.run("export", "--all", "--reproducible", "-o", second.path).status == 0)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        try await sandbox.tool("python3", ["-m", "zipfile", "-t", first.path])
    }

    /// Past 65,535 entries a zip needs the zip64 end records; tools that
    /// read only the classic record would see a wrong count. (The other
    /// zip64 trigger, 4 GiB, is left to the archiver's libarchive: too much
    /// disk and time for a test.)
    @Test func aZipOfMoreThan65535EntriesUsesZip64() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            folder = os.path.join('home', 'Documents', 'Many Files')
            os.makedirs(folder)
            for i in range(70000):
                open(os.path.join(folder, 'f%05d' % i), 'wb').close()
            """)
        let output = sandbox.root.appending(path: "many.zip")
        let result = try await sandbox.run("export", "Many Files", "-o", output.path, "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["entries"] as? Int == 70_001)
        try await sandbox.tool("unzip", ["-tq", output.path])
        try await sandbox.python("""
            import struct
            archive = zipfile.ZipFile('many.zip')
            assert len(archive.infolist()) == 70001, len(archive.infolist())
            assert archive.testzip() is None
            data = open('many.zip', 'rb').read()
            end = data.rfind(b'PK\\x05\\x06')
            assert struct.unpack('<H', data[end + 10:end + 12])[0] == 0xFFFF, 'the classic record defers to zip64'
            locator = end - 20
            assert data[locator:locator + 4] == b'PK\\x06\\x07', 'zip64 end locator'
            record = struct.unpack('<Q', data[locator + 8:locator + 16])[0]
            assert data[record:record + 4] == b'PK\\x06\\x06', 'zip64 end record'
            assert struct.unpack('<Q', data[record + 32:record + 40])[0] == 70001
            """)
    }

    @Test func anUnknownDocumentIsNotFoundAndWritesNothing() async throws {
        let sandbox = try Sandbox()
        let output = sandbox.root.appending(path: "none.zip")
        let result = try await sandbox.run("export", "Nothing Here", "-o", output.path)
        #expect(result.status == 3, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
