import Foundation
import Testing

/// What the archiver does with archives that are not refused outright:
/// the modes it gives, the bombs it sees coming before writing, the cost
/// of deep trees, and how its refusals read.
@Suite("archiver plugin hardening")
struct ArchiverHardeningTests {
    private func extract(_ sandbox: Sandbox, _ archive: String, _ extra: [String] = []) async throws -> (Sandbox.PluginResult, URL) {
        let staging = try sandbox.directory("staging-\(UUID().uuidString)")
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: archive).path, "--staging", staging.path] + extra)
        return (result, staging)
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func modesAreFilteredAsPythonsDataFilterDoes() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            t = tarfile.open('modes.tar', 'w')
            for name, mode in [('d777', 0o777), ('d1777', 0o1777), ('d555', 0o555), ('d000', 0o000), ('d2750', 0o2750)]:
                i = tarfile.TarInfo(name); i.type = tarfile.DIRTYPE; i.mode = mode; t.addfile(i)
                i = tarfile.TarInfo(name + '/inside'); i.size = 1; i.mode = 0o644; t.addfile(i, io.BytesIO(b'x'))
            for name, mode in [('f777', 0o777), ('f4755', 0o4755), ('f2755', 0o2755), ('f1777', 0o1777),
                               ('f000', 0o000), ('f640', 0o640), ('f070', 0o070), ('f751', 0o751)]:
                i = tarfile.TarInfo(name); i.size = 1; i.mode = mode; t.addfile(i, io.BytesIO(b'x'))
            t.close()
            """)
        let (result, staging) = try await extract(sandbox, "modes.tar")
        #expect(result.status == 0, "\(result)")
        let expected = [
            "d777": 0o755, "d1777": 0o755, "d555": 0o755, "d000": 0o700, "d2750": 0o750,
            "f777": 0o755, "f4755": 0o755, "f2755": 0o755, "f1777": 0o755,
            "f000": 0o600, "f640": 0o640, "f070": 0o640, "f751": 0o751,
        ]
        for (name, mode) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(try self.mode(staging.appending(path: name)) == mode, "\(name)")
        }
        for directory in ["d777", "d1777", "d555", "d000", "d2750"] {
            #expect(try String(contentsOf: staging.appending(path: "\(directory)/inside"), encoding: .utf8) == "x", "\(directory)")
        }
        #expect(try String(contentsOf: staging.appending(path: "f000"), encoding: .utf8) == "x")
    }

    @Test func aZipInsideAZipIsJustAFile() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            inner = io.BytesIO()
            with zipfile.ZipFile(inner, 'w') as z: z.writestr('../escape.txt', 'evil')
            with zipfile.ZipFile('outer.zip', 'w') as z: z.writestr('Bundle/inner.zip', inner.getvalue())
            """)
        let (result, staging) = try await extract(sandbox, "outer.zip")
        #expect(result.status == 0, "\(result)")
        #expect(sandbox.names(in: staging.appending(path: "Bundle")) == ["inner.zip"])
        let inner = try Data(contentsOf: staging.appending(path: "Bundle/inner.zip"))
        #expect(inner.prefix(2) == Data("PK".utf8))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appending(path: "escape.txt").path))
    }

    struct Cut: CustomTestStringConvertible, Sendable {
        var format: String
        var percent: Int
        var testDescription: String { "\(format) cut at \(percent)%" }
    }

    static let cuts: [Cut] = ["zip", "tar.gz", "7z"].flatMap { format in [10, 50, 90].map { Cut(format: format, percent: $0) } }

    @Test(arguments: cuts)
    func aTruncatedArchiveIsRefusedWithOneLineAndNothingLeft(_ cut: Cut) async throws {
        let sandbox = try Sandbox()
        let source = try sandbox.directory("source/Report")
        try await sandbox.tool("sh", ["-c", "for n in 1 2 3 4; do head -c 100000 /dev/urandom > part$n.bin; done"], in: source)
        let whole = "whole.\(cut.format)"
        let options: [String] = switch cut.format {
        case "zip": ["--format", "zip"]
        case "7z": ["--format", "7zip"]
        default: ["--format", "ustar", "--gzip"]
        }
        try await sandbox.tool("bsdtar", ["-cf", sandbox.root.appending(path: whole).path] + options + ["Report"], in: source.deletingLastPathComponent())
        try await sandbox.python("""
            data = open('\(whole)', 'rb').read()
            open('cut.\(cut.format)', 'wb').write(data[:len(data) * \(cut.percent) // 100])
            """)
        let (result, staging) = try await extract(sandbox, "cut.\(cut.format)")
        #expect(result.status == 6, "\(result)")
        let rule = result.error?["rule"] as? String
        #expect(rule == "damaged-archive" || rule == "not-an-archive", "\(result)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
        #expect(result.standardError.contains("cut.\(cut.format)"), "\(result)")
        #expect(sandbox.names(in: staging).isEmpty, "staging emptied")
    }

    @Test func aZipsFilesAreInflatedOnTwoThreadsAndComeOutWhole() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            with zipfile.ZipFile('shared.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                for n in range(12):
                    z.writestr('Report/part%02d.txt' % n, ('part %d, line\\n' % n).encode() * (n * 5000 + 1))
                z.writestr('Report/empty', b'')
                z.writestr('Report/sub/', b'')
                z.writestr('Report/sub/last.bin', os.urandom(300000))
            """)
        let (result, staging) = try await extract(sandbox, "shared.zip")
        #expect(result.status == 0, "\(result.standardError)")
        let shared = try #require(result.result?["sharedFiles"] as? Int, "\(result.standardError)")
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(shared >= 4, "\(shared) of 14 files inflated by the second thread")
        } else {
            #expect(shared == 0, "one processor, one thread")
        }
        try await sandbox.python("""
            import hashlib
            with zipfile.ZipFile('shared.zip') as z:
                for info in z.infolist():
                    path = os.path.join('\(staging.path)', info.filename)
                    if info.is_dir():
                        assert os.path.isdir(path), path
                    else:
                        assert open(path, 'rb').read() == z.read(info), path
            """)
    }

    @Test func aDeepTreeCostsOneOpenPerDirectory() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            with zipfile.ZipFile('nested.zip', 'w') as z:
                for depth in range(1, 1024):
                    z.writestr('d/' * depth, b'')
                    z.writestr('d/' * depth + 'f', b'x')
            """)
        let (result, staging) = try await extract(sandbox, "nested.zip")
        #expect(result.status == 0, "\(result.standardError)")
        let opens = try #require(result.result?["directoryOpens"] as? Int, "\(result.standardError)")
        // One open per directory made, and a few more; the old walk from
        // the root for every entry opened about half a million.
        #expect(opens < 3 * 1023, "\(opens) directory opens")
        var deepest = staging
        for _ in 1..<1024 { deepest.append(path: "d", directoryHint: .isDirectory) }
        #expect(FileManager.default.fileExists(atPath: deepest.appending(path: "f").path))
    }

    @Test func theZipDirectoryIsJudgedBeforeAnythingIsWritten() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            with zipfile.ZipFile('sized.zip', 'w') as z:
                for n in range(3): z.writestr('part%d' % n, os.urandom(600000))
            """)
        let (sized, _) = try await extract(sandbox, "sized.zip", ["--max-bytes", "1000000"])
        #expect(sized.status == 5, "\(sized)")
        #expect(sized.error?["rule"] as? String == "total-size-limit")
        #expect(sized.error?["entry"] as? String == "part1")
        #expect((sized.error?["message"] as? String)?.contains("the archive's directory lists 1800000 bytes") == true, "\(sized)")

        try await sandbox.python("""
            with zipfile.ZipFile('many.zip', 'w') as z:
                for n in range(100000): z.writestr('d%d/e%d' % (n // 1000, n), b'')
            """)
        let (many, staging) = try await extract(sandbox, "many.zip")
        #expect(many.status == 5, "\(many)")
        #expect(many.error?["rule"] as? String == "entry-count-limit")
        #expect((many.error?["message"] as? String)?.contains("the archive's directory lists 100000 entries") == true, "\(many)")
        // Judged on the directory, before the first entry: no progress
        // was reported, and the staging directory was never filled.
        #expect(!many.events.contains { $0["event"] as? String == "progress" }, "\(many.raw.prefix(500))")
        #expect(sandbox.names(in: staging).isEmpty)
    }

    @Test func aRefusalIsOneLineNamingTheArchiveOnceAndTheEntry() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            t = tarfile.open('newline.tar', 'w')
            i = tarfile.TarInfo('evil\\nname/../../x'); i.size = 1; t.addfile(i, io.BytesIO(b'x')); t.close()
            with tarfile.open('whole.tar.gz', 'w:gz') as t:
                i = tarfile.TarInfo('random.bin'); i.size = 400000; t.addfile(i, io.BytesIO(os.urandom(400000)))
            data = open('whole.tar.gz', 'rb').read(); open('cut.tar.gz', 'wb').write(data[:len(data) // 2])
            """)
        for (archive, entry) in [("newline.tar", "evil\\x0Aname/../../x"), ("cut.tar.gz", "random.bin")] {
            let path = sandbox.root.appending(path: archive).path
            let (result, _) = try await extract(sandbox, archive)
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1, "\(result)")
            let line = String(lines.first ?? "")
            #expect(line.hasPrefix("docbrowser-archiver: \(path): "), "\(result)")
            #expect(line.contains(entry), "\(result)")
            #expect(line.components(separatedBy: path).count == 2, "the archive is named once: \(line)")
            let message = try #require(result.error?["message"] as? String)
            #expect(!message.contains(path), "the launcher names the archive; the message does not: \(message)")
            #expect(!message.contains("\n"))
        }
    }
}
