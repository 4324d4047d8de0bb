import Foundation
import Subprocess
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

    /// SPEC §3: a killed export leaves FILE whole or absent, and its hidden
    /// temporary, wherever FILE was to be, goes at the next run.
    @Test func aKilledExportLeavesNoPartialFileAndTheNextRunSweepsItsTemporary() async throws {
        let sandbox = try Sandbox()
        try await documents(sandbox)
        let shared = try sandbox.directory("shared")
        let output = shared.appending(path: "out.zip")
        let killed = try await sandbox.run(["export", "--all", "-o", output.path], environment: ["DOCBROWSER_TEST_CRASH_AT": "export-written"])
        #expect(killed.status == 137, "\(killed)")
        let left = sandbox.names(in: shared)
        #expect(left.count == 1 && left[0].hasPrefix(".docbrowser-tmp-"), "\(left)")
        #expect(try await sandbox.run("list").status == 0)
        #expect(sandbox.names(in: shared).isEmpty)

        var instants = KillInstants<String>(startingAt: 0.4)
        var trial = 0
        while trial < 12 || (instants.landed < 5 && trial < 30) {
            defer { trial += 1 }
            let delay = instants.next(for: "export")
            let status = try await sandbox.runKilled(after: delay, ["export", "--all", "-o", output.path, "--force"])
            #expect(status == 0 || status == 137, "trial \(trial): exit \(status)")
            instants.record(status, of: "export", killedAfter: delay)
            if FileManager.default.fileExists(atPath: output.path) {
                try await sandbox.tool("unzip", ["-tq", output.path])
                try FileManager.default.removeItem(at: output)
            }
            #expect(try await sandbox.run("list").status == 0)
            #expect(sandbox.names(in: shared).isEmpty, "trial \(trial), killed after \(delay) s: \(sandbox.names(in: shared))")
        }
        #expect(instants.landed >= 5, "only \(instants.landed) of \(trial) exports were interrupted")
    }

    @Test func anUnknownDocumentIsNotFoundAndWritesNothing() async throws {
        let sandbox = try Sandbox()
        let output = sandbox.root.appending(path: "none.zip")
        let result = try await sandbox.run("export", "Nothing Here", "-o", output.path)
        #expect(result.status == 3, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anOutputNamedAsAnotherTypeOrInAMissingFolderIsRefusedWritingNothing() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let pdf = sandbox.root.appending(path: "Notes.pdf")
        let named = try await sandbox.run("export", "Notes.txt", "-o", pdf.path)
        #expect(named.status == 6, "\(named)")
        #expect(named.standardError == "docbrowser: Notes.pdf: the name says \"PDF document\" (com.adobe.pdf), not an archive; end it in .zip, .tar.gz, … or give --format\n")
        #expect(!FileManager.default.fileExists(atPath: pdf.path))

        let folder = sandbox.root.appending(path: "no/such/folder")
        let missing = try await sandbox.run("export", "Notes.txt", "-o", folder.appending(path: "Notes.zip").path)
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.standardError == "docbrowser: \(folder.path): cannot hold the archive (No such file or directory)\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "no").path))

        // Asked for by --format, or with no extension at all, it is a zip.
        let bare = sandbox.root.appending(path: "Notes")
        #expect(try await sandbox.run("export", "Notes.txt", "-o", bare.path).status == 0)
        #expect(try await sandbox.run("export", "Notes.txt", "-o", pdf.path, "--format", "zip").status == 0)
        for archive in [bare, pdf] {
            let tested = try await Subprocess.run(.name("unzip"), arguments: ["-tq", archive.path], output: .discarded, error: .discarded)
            #expect(tested.terminationStatus.isSuccess, "\(archive.path) is a zip")
        }
    }
}
