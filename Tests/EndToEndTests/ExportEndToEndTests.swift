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
        #expect(json["entryCount"] as? Int == 8)
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
        #expect(try result.json()["entryCount"] as? Int == 70_001)
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

        // --format does not make a PDF's name fit a zip; a name without an
        // extension is a zip, or whatever --format asks for.
        let forced = try await sandbox.run("export", "Notes.txt", "-o", pdf.path, "--format", "zip")
        #expect(forced.status == 2, "\(forced)")
        #expect(forced.standardError.contains("Notes.pdf"), "\(forced)")
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        let bare = sandbox.root.appending(path: "Notes")
        #expect(try await sandbox.run("export", "Notes.txt", "-o", bare.path).status == 0)
        let tested = try await Subprocess.run(.name("unzip"), arguments: ["-tq", bare.path], output: .discarded, error: .discarded)
        #expect(tested.terminationStatus.isSuccess, "a name without an extension is a zip")
        let bareTar = sandbox.root.appending(path: "Notes-tar")
        #expect(try await sandbox.run("export", "Notes.txt", "-o", bareTar.path, "--format", "tar").status == 0)
        let listed = try await Subprocess.run(.name("tar"), arguments: ["-tf", bareTar.path], output: .string(limit: 4096), error: .discarded)
        #expect(listed.standardOutput == "Notes.txt\n")
    }

    @Test func aNameAndAFormatThatDisagreeAreRefusedAndAgreeingOnesAreNot() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let zip = sandbox.root.appending(path: "x.zip")
        let refused = try await sandbox.run("export", "Notes.txt", "--format", "tar", "-o", zip.path)
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.standardError.contains("x.zip") && refused.standardError.contains("tar"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: zip.path))

        let tgz = sandbox.root.appending(path: "x.tgz")
        let agreeing = try await sandbox.run("export", "Notes.txt", "--format", "tar.gz", "-o", tgz.path)
        #expect(agreeing.status == 0, "tgz is tar.gz: \(agreeing)")
    }

    @Test func aLevelTheFormatDoesNotTakeIsAUsageErrorOfDocbrowsersOwn() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        for (format, level) in [("zip", "99"), ("tar.gz", "0"), ("tar.zst", "20"), ("tar", "3")] {
            let output = sandbox.root.appending(path: "x.\(format)")
            let result = try await sandbox.run("export", "Notes.txt", "--level", level, "-o", output.path)
            #expect(result.status == 2, "\(format) --level \(level): \(result)")
            #expect(result.standardError.contains("--level"), "\(result)")
            #expect(!result.standardError.contains("docbrowser-archiver"), "not the plugin's usage text: \(result)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        let fine = try await sandbox.run("export", "Notes.txt", "--level", "19", "-o", sandbox.root.appending(path: "x.tar.zst").path)
        #expect(fine.status == 0, "\(fine)")
    }

    @Test func tarBzip2IsExportedAsBzip2AndImportedBack() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let output = sandbox.root.appending(path: "x.tar.bz2")
        let result = try await sandbox.run("export", "Notes.txt", "-o", output.path, "--level", "9", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["format"] as? String == "tar.bz2")
        #expect(try Data(contentsOf: output).prefix(3) == Data("BZh".utf8))
        let listed = try await Subprocess.run(.name("bsdtar"), arguments: ["-tf", output.path], output: .string(limit: 4096), error: .discarded)
        #expect(listed.standardOutput == "Notes.txt\n")
        let imported = try await sandbox.run("import", output.path, "--on-conflict", "rename")
        #expect(imported.status == 0, "\(imported)")
        #expect(FileManager.default.fileExists(atPath: sandbox.localDocuments.appending(path: "Notes 2.txt").path))
    }

    @Test func aDashWritesTheArchiveToStandardOutputButNeverToATerminal() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("notes", to: "home/Documents/Notes.txt")
        let zipped = try await sandbox.run("export", "Notes.txt", "-o", "-")
        #expect(zipped.status == 0, "\(zipped)")
        #expect(zipped.standardOutput.hasPrefix("PK\u{03}\u{04}"), "a zip unless --format says otherwise")
        #expect(zipped.standardError.contains("Exported 1 document"), "the summary goes to stderr: \(zipped)")
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        #expect(!FileManager.default.fileExists(atPath: cwd.appending(path: "-").path), "no file named -")
        let scratch = sandbox.home.appending(path: "tmp")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).isEmpty, "the temporary is gone")
        let json = try await sandbox.run("export", "Notes.txt", "-o", "-", "--json")
        #expect(json.status == 2 && json.standardOutput.isEmpty, "--json wants stdout too: \(json)")

        // A tar of text is text, so it survives the trip through a string.
        let tarred = try await sandbox.run("export", "Notes.txt", "-o", "-", "--format", "tar")
        let tar = sandbox.root.appending(path: "from-stdout.tar")
        try Data(tarred.standardOutput.utf8).write(to: tar)
        let listed = try await Subprocess.run(.name("bsdtar"), arguments: ["-tf", tar.path], output: .string(limit: 4096), error: .discarded)
        #expect(listed.standardOutput == "Notes.txt\n")

        let terminal = try await sandbox.run(["export", "Notes.txt", "-o", "-"], inTerminal: true)
        #expect(terminal.status == 2, "\(terminal)")
        #expect(terminal.standardOutput.contains("terminal"), "\(terminal)")
    }

    @Test func onATerminalTheSummaryStartsItsOwnLineAfterTheProgressBar() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("mkdir -p home/Documents && head -c 48000000 /dev/urandom > home/Documents/Big.bin")
        let output = sandbox.root.appending(path: "big.zip")
        // Long enough at level 6 (seconds) for the bar, which waits half a
        // second, to be drawn.
        let result = try await sandbox.run(["export", "Big.bin", "-o", output.path, "--level", "6"], inTerminal: true)
        #expect(result.status == 0, "\(result)")
        let screen = result.standardOutput
        let summary = try #require(screen.range(of: "Exported 1 document"), "\(screen)")
        let before = screen[..<summary.lowerBound]
        #expect(before.contains("\u{1B}[2K"), "the bar was drawn: \(screen.debugDescription)")
        #expect(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix("\u{1B}[2K"), "glued to the bar: \(screen.debugDescription)")
        #expect(!screen[summary.lowerBound...].contains("\u{1B}[2K"), "nothing erases the summary: \(screen.debugDescription)")
    }
}
