import Foundation
import Testing

/// Archives the plugin writes open with the tools users have, and
/// archives those tools write import through the plugin.
@Suite("archiver plugin interoperability with unzip, zip, python zipfile and bsdtar")
struct ArchiverInteroperabilityTests {
    private func export(_ sandbox: Sandbox, format: String, extra: [String] = [], to name: String) async throws -> URL {
        let source = try await sandbox.makeMixedDocuments(in: "source")
        let output = sandbox.root.appending(path: name)
        let inputs = ["Report.pages", "Café – ünïcödé.txt", "Empty Folder"].map { source.appending(path: $0).path }
        let result = try await sandbox.archiver(["export", "--output", output.path, "--format", format] + extra + inputs)
        #expect(result.status == 0, "\(result)")
        let summary = try #require(result.result, "\(result)")
        #expect(summary["entries"] as? Int == 8)
        #expect(summary["format"] as? String == format)
        #expect(result.events.contains { $0["event"] as? String == "progress" })
        return output
    }

    @Test func zipPassesEveryToolsTestAndExtractsIdentically() async throws {
        let sandbox = try Sandbox()
        let archive = try await export(sandbox, format: "zip", to: "out.zip")
        let source = sandbox.root.appending(path: "source")
        try await sandbox.tool("unzip", ["-t", archive.path])
        try await sandbox.tool("python3", ["-m", "zipfile", "-t", archive.path])
        let listing = try await sandbox.tool("bsdtar", ["-tf", archive.path]).output
        #expect(listing.contains("Report.pages/current"))

        let byUnzip = try sandbox.directory("unzip")
        try await sandbox.tool("unzip", ["-q", archive.path, "-d", byUnzip.path])
        #expect(try sandbox.snapshot(byUnzip, linkTimes: false) == sandbox.snapshot(source, linkTimes: false))

        let byBsdtar = try sandbox.directory("bsdtar")
        try await sandbox.tool("bsdtar", ["-xpf", archive.path, "-C", byBsdtar.path])
        #expect(try sandbox.snapshot(byBsdtar) == sandbox.snapshot(source))

        // Python's zipfile keeps neither modes, times nor links; contents must match.
        let byPython = try sandbox.directory("python")
        try await sandbox.tool("python3", ["-m", "zipfile", "-e", archive.path, byPython.path])
        #expect(try sandbox.snapshot(byPython, modes: false, times: false).filter { !$0.key.hasSuffix("current") }
            == sandbox.snapshot(source, modes: false, times: false, symlinks: false))

        // Non-ASCII names carry the zip UTF-8 flag (general purpose bit 11).
        try await sandbox.python("""
            z = zipfile.ZipFile('out.zip')
            info = z.getinfo('Café – ünïcödé.txt')
            assert info.flag_bits & 0x800, info.flag_bits
            assert z.getinfo('Empty Folder/').is_dir()
            """)
    }

    @Test(arguments: ["tar", "tar.gz", "tar.bz2", "tar.xz", "tar.zst", "7z"])
    func otherFormatsExtractIdenticallyWithBsdtar(format: String) async throws {
        let sandbox = try Sandbox()
        let archive = try await export(sandbox, format: format, to: "out.\(format)")
        try await sandbox.tool("bsdtar", ["-tf", archive.path])
        let extracted = try sandbox.directory("bsdtar")
        try await sandbox.tool("bsdtar", ["-xpf", archive.path, "-C", extracted.path])
        #expect(try sandbox.snapshot(extracted) == sandbox.snapshot(sandbox.root.appending(path: "source")))
    }

    @Test(arguments: ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.zst", "7z"])
    func reproducibleExportsAreByteIdentical(format: String) async throws {
        let sandbox = try Sandbox()
        let first = try await export(sandbox, format: format, extra: ["--reproducible"], to: "first.\(format)")
        // A copy made later, owned and timed alike, listed in another order.
        let copy = sandbox.root.appending(path: "copy")
        try await sandbox.tool("cp", ["-a", sandbox.root.appending(path: "source").path, copy.path])
        let second = sandbox.root.appending(path: "second.\(format)")
        let inputs = ["Empty Folder", "Report.pages", "Café – ünïcödé.txt"].map { copy.appending(path: $0).path }
        let result = try await sandbox.archiver(["export", "--output", second.path, "--format", format, "--reproducible"] + inputs)
        #expect(result.status == 0, "\(result)")
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }

    @Test func plainExportKeepsTheOrderGivenAndLevelZeroStores() async throws {
        let sandbox = try Sandbox()
        let archive = try await export(sandbox, format: "zip", extra: ["--level", "0"], to: "stored.zip")
        try await sandbox.python("""
            z = zipfile.ZipFile('stored.zip')
            assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist()), [i.compress_type for i in z.infolist()]
            assert z.namelist()[0] == 'Report.pages/', z.namelist()
            """)
        try await sandbox.tool("unzip", ["-t", archive.path])
        let refused = try await sandbox.archiver(["export", "--output", sandbox.root.appending(path: "x.tar").path, "--format", "tar", "--level", "3", archive.path])
        #expect(refused.status == 64 || refused.status == 2, "\(refused)")
    }

    @Test func existingOutputIsNeverReplaced() async throws {
        let sandbox = try Sandbox()
        let existing = try sandbox.write("keep me", to: "existing.zip")
        let input = try sandbox.write("data", to: "input.txt")
        let result = try await sandbox.archiver(["export", "--output", existing.path, input.path])
        #expect(result.status == 4, "\(result)")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
    }

    @Test func archivesFromOtherToolsImportThroughThePlugin() async throws {
        let sandbox = try Sandbox()
        let source = try await sandbox.makeMixedDocuments(in: "source")
        let names = ["Report.pages", "Café – ünïcödé.txt", "Empty Folder"]
        try await sandbox.tool("zip", ["-q", "-r", "-y", sandbox.root.appending(path: "infozip.zip").path] + names, in: source)
        try await sandbox.tool("bsdtar", ["-cf", sandbox.root.appending(path: "bsdtar.tar.gz").path, "-z"] + names, in: source)
        try await sandbox.tool("bsdtar", ["--format", "zip", "-cf", sandbox.root.appending(path: "bsdtar.zip").path] + names, in: source)
        try await sandbox.python("""
            with zipfile.ZipFile('python.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                for top in ['Report.pages', 'Café – ünïcödé.txt', 'Empty Folder']:
                    path = os.path.join('source', top)
                    z.write(path, top)
                    for folder, dirs, files in os.walk(path):
                        for name in sorted(dirs) + sorted(files):
                            full = os.path.join(folder, name)
                            if not os.path.islink(full):
                                z.write(full, os.path.relpath(full, 'source'))
            """)
        let full = try sandbox.snapshot(source)
        let expectations: [(String, [String: String])] = [
            ("infozip.zip", full),
            ("bsdtar.tar.gz", full),
            ("bsdtar.zip", full),
            // zipfile stores no links, and only DOS times (two-second steps).
            ("python.zip", try sandbox.snapshot(source, times: false, symlinks: false)),
        ]
        for (archive, expected) in expectations {
            let staging = try sandbox.directory("staging-\(archive)")
            let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: archive).path, "--staging", staging.path])
            #expect(result.status == 0, "\(archive): \(result)")
            #expect(Set(result.result?["items"] as? [String] ?? []) == Set(names), "\(archive)")
            let python = archive == "python.zip"
            #expect(try sandbox.snapshot(staging, times: !python, symlinks: !python) == expected, "\(archive)")
        }
    }

    @Test func zipNamesWithoutTheUTF8FlagAreDecodedAsCP437OrTheGivenCharset() async throws {
        let sandbox = try Sandbox()
        // zipfile flags any non-ASCII name as UTF-8, so the CP437 byte for
        // 'é' (0x82) is patched into an ASCII placeholder of equal length.
        try await sandbox.python("""
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, 'w') as z:
                z.writestr('caf#.txt', b'old zip')
            data = buffer.getvalue().replace(b'caf#.txt', b'caf\\x82.txt')
            open('dos.zip', 'wb').write(data)
            """)
        let staging = try sandbox.directory("staging")
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "dos.zip").path, "--staging", staging.path])
        #expect(result.status == 0, "\(result)")
        #expect(sandbox.names(in: staging) == ["café.txt"])
        let listed = try await sandbox.archiver(["list", "--archive", sandbox.root.appending(path: "dos.zip").path])
        #expect(listed.events.first { $0["event"] as? String == "entry" }?["name"] as? String == "café.txt", "\(listed)")

        let latin = try sandbox.directory("latin")
        let other = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "dos.zip").path, "--staging", latin.path, "--charset", "CP1252"])
        #expect(other.status == 0, "\(other)")
        #expect(sandbox.names(in: latin) == ["caf‚.txt"])
    }

    @Test func listReportsEntriesAndTheRulesTheyBreak() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            t = tarfile.open('mixed.tar', 'w')
            info = tarfile.TarInfo('ok.txt'); info.size = 5; info.mode = 0o640; info.mtime = 1600000000
            t.addfile(info, io.BytesIO(b'hello'))
            info = tarfile.TarInfo('../evil'); info.size = 1
            t.addfile(info, io.BytesIO(b'x'))
            info = tarfile.TarInfo('up'); info.type = tarfile.SYMTYPE; info.linkname = '../../etc'
            t.addfile(info)
            t.close()
            """)
        let result = try await sandbox.archiver(["list", "--archive", sandbox.root.appending(path: "mixed.tar").path])
        #expect(result.status == 0, "\(result)")
        let entries = result.events.filter { $0["event"] as? String == "entry" }
        #expect(entries.count == 3)
        #expect(entries[0]["name"] as? String == "ok.txt")
        #expect(entries[0]["size"] as? Int == 5)
        #expect(entries[0]["mode"] as? String == "640")
        #expect(entries[0]["mtime"] as? Int == 1600000000)
        #expect(entries[0]["refused"] == nil)
        #expect(entries[1]["refused"] as? String == "parent-component")
        #expect(entries[2]["refused"] as? String == "symlink-escapes")
        #expect(entries[2]["target"] as? String == "../../etc")
        #expect(result.result?["entries"] as? Int == 3)

        let truncated = try await sandbox.archiver(["list", "--archive", sandbox.root.appending(path: "mixed.tar").path, "--max-entries", "1"])
        #expect(truncated.result?["truncated"] as? Bool == true)
        #expect(truncated.events.filter { $0["event"] as? String == "entry" }.count == 1)
    }
}
