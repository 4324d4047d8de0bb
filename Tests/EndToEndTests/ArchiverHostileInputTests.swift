import Foundation
import Testing

/// Archives built to attack the importer: each is refused with an error
/// naming the entry and the rule, the staging directory is left empty and
/// nothing appears outside it.
@Suite("archiver plugin refuses hostile archives")
struct ArchiverHostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var archive: String
        var script: String
        var rule: String
        var entry: String?
        var extraArguments: [String] = []
        var status: Int32 = 5
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "parent component", archive: "slip.zip",
             script: "zipfile.ZipFile('slip.zip', 'w').writestr('../x', 'evil')",
             rule: "parent-component", entry: "../x"),
        Case(name: "parent component inside", archive: "slip2.zip",
             script: "z = zipfile.ZipFile('slip2.zip', 'w'); z.writestr('a/ok', 'fine'); z.writestr('a/../../x', 'evil'); z.close()",
             rule: "parent-component", entry: "a/../../x"),
        Case(name: "absolute path in zip", archive: "absolute.zip",
             script: "zipfile.ZipFile('absolute.zip', 'w').writestr(zipfile.ZipInfo('/tmp/docbrowser-absolute-test'), 'evil')",
             rule: "absolute-path", entry: "/tmp/docbrowser-absolute-test"),
        Case(name: "absolute path in tar", archive: "absolute.tar",
             script: """
             t = tarfile.open('absolute.tar', 'w'); i = tarfile.TarInfo('/tmp/docbrowser-absolute-test'); i.size = 4
             t.addfile(i, io.BytesIO(b'evil')); t.close()
             """,
             rule: "absolute-path", entry: "/tmp/docbrowser-absolute-test"),
        Case(name: "file written through an inner symlink", archive: "through.tar",
             script: """
             t = tarfile.open('through.tar', 'w')
             i = tarfile.TarInfo('sub'); i.type = tarfile.DIRTYPE; t.addfile(i)
             i = tarfile.TarInfo('d'); i.type = tarfile.SYMTYPE; i.linkname = 'sub'; t.addfile(i)
             i = tarfile.TarInfo('d/f'); i.size = 2; t.addfile(i, io.BytesIO(b'hi')); t.close()
             """,
             rule: "through-symlink", entry: "d/f"),
        Case(name: "file written through a symlink spelled differently", archive: "through2.tar",
             script: """
             t = tarfile.open('through2.tar', 'w')
             i = tarfile.TarInfo('./d'); i.type = tarfile.SYMTYPE; i.linkname = '.'; t.addfile(i)
             i = tarfile.TarInfo('d//f'); i.size = 2; t.addfile(i, io.BytesIO(b'hi')); t.close()
             """,
             rule: "through-symlink", entry: "d/f"),
        Case(name: "file replacing a symlink", archive: "replace.tar",
             script: """
             t = tarfile.open('replace.tar', 'w')
             i = tarfile.TarInfo('link'); i.type = tarfile.SYMTYPE; i.linkname = 'target'; t.addfile(i)
             i = tarfile.TarInfo('link'); i.size = 2; t.addfile(i, io.BytesIO(b'hi')); t.close()
             """,
             rule: "through-symlink", entry: "link"),
        Case(name: "escaping symlink", archive: "escape.zip",
             script: """
             z = zipfile.ZipFile('escape.zip', 'w')
             i = zipfile.ZipInfo('up'); i.create_system = 3; i.external_attr = 0o120777 << 16
             z.writestr(i, '../../outside'); z.close()
             """,
             rule: "symlink-escapes", entry: "up"),
        Case(name: "symlink escaping through another symlink", archive: "chain.tar",
             script: """
             t = tarfile.open('chain.tar', 'w')
             i = tarfile.TarInfo('d'); i.type = tarfile.DIRTYPE; t.addfile(i)
             i = tarfile.TarInfo('d/l'); i.type = tarfile.SYMTYPE; i.linkname = '..'; t.addfile(i)
             i = tarfile.TarInfo('m'); i.type = tarfile.SYMTYPE; i.linkname = 'd/l/..'; t.addfile(i); t.close()
             """,
             rule: "symlink-escapes", entry: "m"),
        Case(name: "absolute symlink", archive: "abslink.tar",
             script: """
             t = tarfile.open('abslink.tar', 'w')
             i = tarfile.TarInfo('etc'); i.type = tarfile.SYMTYPE; i.linkname = '/etc'; t.addfile(i); t.close()
             """,
             rule: "symlink-escapes", entry: "etc"),
        Case(name: "hard link to outside", archive: "hardlink.tar",
             script: """
             t = tarfile.open('hardlink.tar', 'w')
             i = tarfile.TarInfo('h'); i.type = tarfile.LNKTYPE; i.linkname = '../outside.txt'; t.addfile(i); t.close()
             """,
             rule: "hardlink-outside", entry: "h"),
        Case(name: "device node", archive: "device.tar",
             script: """
             t = tarfile.open('device.tar', 'w')
             i = tarfile.TarInfo('ok.txt'); i.size = 2; t.addfile(i, io.BytesIO(b'ok'))
             i = tarfile.TarInfo('null'); i.type = tarfile.CHRTYPE; i.devmajor = 1; i.devminor = 3; t.addfile(i); t.close()
             """,
             rule: "special-file", entry: "null"),
        Case(name: "FIFO", archive: "fifo.tar",
             script: """
             t = tarfile.open('fifo.tar', 'w'); i = tarfile.TarInfo('pipe'); i.type = tarfile.FIFOTYPE; t.addfile(i); t.close()
             """,
             rule: "special-file", entry: "pipe"),
        Case(name: "high-ratio bomb", archive: "bomb.zip",
             script: """
             with zipfile.ZipFile('bomb.zip', 'w', zipfile.ZIP_DEFLATED) as z: z.writestr('zeros', bytes(8 << 20))
             """,
             rule: "compression-ratio-limit", entry: "zeros", extraArguments: ["--max-ratio", "50"]),
        Case(name: "total size past the limit", archive: "big.tar.gz",
             script: """
             with tarfile.open('big.tar.gz', 'w:gz') as t:
                 for n in range(3):
                     i = tarfile.TarInfo('part%d' % n); i.size = 600000; t.addfile(i, io.BytesIO(os.urandom(600000)))
             """,
             rule: "total-size-limit", entry: "part1", extraArguments: ["--max-bytes", "1000000"]),
        Case(name: "100,000 empty entries", archive: "many.zip",
             script: """
             with zipfile.ZipFile('many.zip', 'w') as z:
                 for n in range(100000): z.writestr('d%d/e%d' % (n // 1000, n), b'')
             """,
             rule: "entry-count-limit", entry: "d50/e50000"),
        Case(name: "truncated archive", archive: "truncated.tar.gz",
             script: """
             with tarfile.open('whole.tar.gz', 'w:gz') as t:
                 i = tarfile.TarInfo('random.bin'); i.size = 400000; t.addfile(i, io.BytesIO(os.urandom(400000)))
             data = open('whole.tar.gz', 'rb').read(); open('truncated.tar.gz', 'wb').write(data[:len(data) // 2])
             """,
             rule: "damaged-archive", entry: "random.bin", status: 6),
        Case(name: "not an archive", archive: "text.zip",
             script: "open('text.zip', 'w').write('Dear colleague, here is the report.\\n' * 40)",
             rule: "not-an-archive", entry: nil, status: 6),
        Case(name: "pax long name climbing out", archive: "paxslip.tar",
             script: """
             t = tarfile.open('paxslip.tar', 'w', format=tarfile.PAX_FORMAT)
             i = tarfile.TarInfo('deep/' + 'a' * 120 + '/../../../x'); i.size = 4; t.addfile(i, io.BytesIO(b'evil')); t.close()
             """,
             rule: "parent-component", entry: "deep/" + String(repeating: "a", count: 120) + "/../../../x"),
        Case(name: "pax long absolute name", archive: "paxabs.tar",
             script: """
             t = tarfile.open('paxabs.tar', 'w', format=tarfile.PAX_FORMAT)
             i = tarfile.TarInfo('/tmp/docbrowser-absolute-test/' + 'b' * 120); i.size = 4; t.addfile(i, io.BytesIO(b'evil')); t.close()
             """,
             rule: "absolute-path", entry: "/tmp/docbrowser-absolute-test/" + String(repeating: "b", count: 120)),
        Case(name: "GNU long name climbing out", archive: "gnuslip.tar",
             script: """
             t = tarfile.open('gnuslip.tar', 'w', format=tarfile.GNU_FORMAT)
             i = tarfile.TarInfo('c' * 120 + '/../../x'); i.size = 4; t.addfile(i, io.BytesIO(b'evil')); t.close()
             """,
             rule: "parent-component", entry: String(repeating: "c", count: 120) + "/../../x"),
        Case(name: "GNU long link target that is absolute", archive: "gnulink.tar",
             script: """
             t = tarfile.open('gnulink.tar', 'w', format=tarfile.GNU_FORMAT)
             i = tarfile.TarInfo('ln'); i.type = tarfile.SYMTYPE; i.linkname = '/tmp/' + 'e' * 120; t.addfile(i); t.close()
             """,
             rule: "symlink-escapes", entry: "ln"),
        Case(name: "pax hard link climbing out", archive: "paxhard.tar",
             script: """
             t = tarfile.open('paxhard.tar', 'w', format=tarfile.PAX_FORMAT)
             i = tarfile.TarInfo('ok'); i.size = 2; t.addfile(i, io.BytesIO(b'ok'))
             i = tarfile.TarInfo('h'); i.type = tarfile.LNKTYPE; i.linkname = 'ok/' + 'f' * 120 + '/../../../etc/passwd'; t.addfile(i); t.close()
             """,
             rule: "hardlink-outside", entry: "h"),
        Case(name: "hard link to a symlink", archive: "hardsym.tar",
             script: """
             t = tarfile.open('hardsym.tar', 'w')
             i = tarfile.TarInfo('s'); i.type = tarfile.SYMTYPE; i.linkname = 'x'; t.addfile(i)
             i = tarfile.TarInfo('h'); i.type = tarfile.LNKTYPE; i.linkname = 's'; t.addfile(i); t.close()
             """,
             rule: "hardlink-outside", entry: "h"),
        Case(name: "hard link to a directory", archive: "harddir.tar",
             script: """
             t = tarfile.open('harddir.tar', 'w')
             i = tarfile.TarInfo('d'); i.type = tarfile.DIRTYPE; t.addfile(i)
             i = tarfile.TarInfo('h'); i.type = tarfile.LNKTYPE; i.linkname = 'd'; t.addfile(i); t.close()
             """,
             rule: "hardlink-outside", entry: "h"),
        Case(name: "hard link to a later entry", archive: "hardlater.tar",
             script: """
             t = tarfile.open('hardlater.tar', 'w')
             i = tarfile.TarInfo('h'); i.type = tarfile.LNKTYPE; i.linkname = 'f'; t.addfile(i)
             i = tarfile.TarInfo('f'); i.size = 2; t.addfile(i, io.BytesIO(b'hi')); t.close()
             """,
             rule: "hardlink-outside", entry: "h"),
        Case(name: "chain of symlinks escaping at its end", archive: "longchain.tar",
             script: """
             t = tarfile.open('longchain.tar', 'w')
             for name, target in [('a', 'b'), ('b', 'c'), ('c', 'sub/d'), ('sub/d', '../../x')]:
                 i = tarfile.TarInfo(name); i.type = tarfile.SYMTYPE; i.linkname = target; t.addfile(i)
             t.close()
             """,
             rule: "symlink-escapes", entry: "a"),
        Case(name: "loop of symlinks", archive: "loop.tar",
             script: """
             t = tarfile.open('loop.tar', 'w')
             for name, target in [('a', 'b/x'), ('b', 'a/y')]:
                 i = tarfile.TarInfo(name); i.type = tarfile.SYMTYPE; i.linkname = target; t.addfile(i)
             t.close()
             """,
             rule: "symlink-loop", entry: "a"),
        Case(name: "zip whose directory names another file than its local header", archive: "mismatch.zip",
             script: """
             zipfile.ZipFile('mismatch.zip', 'w').writestr('good.txt', 'evil')
             data = bytearray(open('mismatch.zip', 'rb').read()); data[30:38] = b'../x.txt'
             open('mismatch.zip', 'wb').write(data)
             """,
             rule: "name-mismatch", entry: "good.txt"),
        Case(name: "zip with directory records sharing one local header", archive: "shared.zip",
             script: ZipForge.python + """
             data = b'A' * 1000; crc = zlib.crc32(data)
             forge('shared.zip', lfh(b'a', crc, 1000, 1000) + data, [cdh(b'a', crc, 1000, 1000, 0)] * 3)
             """,
             rule: "overlapping-entries", entry: "a"),
        Case(name: "zip bomb of quoted overlapping entries (Fifield)", archive: "overlap.zip",
             script: ZipForge.python + """
             n = 10; plain = bytes(512 << 10)
             packer = zlib.compressobj(9, zlib.DEFLATED, -15); kernel = packer.compress(plain) + packer.flush()
             names = [b'f%02d' % k for k in range(n)]
             data, plains, headers = [None] * n, [None] * n, [None] * n
             for k in range(n - 1, -1, -1):
                 if k == n - 1:
                     data[k], plains[k] = kernel, plain
                 else:
                     quoted = headers[k + 1]
                     data[k] = struct.pack('<BHH', 0, len(quoted), len(quoted) ^ 0xFFFF) + quoted + data[k + 1]
                     plains[k] = quoted + plains[k + 1]
                 headers[k] = lfh(names[k], zlib.crc32(plains[k]), len(data[k]), len(plains[k]), method=8)
             records, offset = [], 0
             for k in range(n):
                 records.append(cdh(names[k], zlib.crc32(plains[k]), len(data[k]), len(plains[k]), offset, method=8))
                 offset += len(headers[k]) + 5
             forge('overlap.zip', headers[0] + data[0], records)
             """,
             rule: "overlapping-entries", entry: "f01"),
        Case(name: "encrypted zip entry", archive: "encrypted.zip",
             script: """
             zipfile.ZipFile('encrypted.zip', 'w').writestr('secret.txt', 'not really secret')
             data = bytearray(open('encrypted.zip', 'rb').read())
             data[6] |= 1; data[data.index(b'PK\\x01\\x02') + 8] |= 1
             open('encrypted.zip', 'wb').write(data)
             """,
             rule: "encrypted", entry: "secret.txt", status: 6),
        Case(name: "name reserved for docbrowser's temporaries", archive: "reserved.zip",
             script: "zipfile.ZipFile('reserved.zip', 'w').writestr('Report/.docbrowser-tmp-1234/x', 'swept')",
             rule: "reserved-name", entry: "Report/.docbrowser-tmp-1234/x"),
        Case(name: "entry deeper than the depth limit", archive: "deep.zip",
             script: "zipfile.ZipFile('deep.zip', 'w').writestr('d/' * 1025 + 'f', 'deep')",
             rule: "depth-limit", entry: String(repeating: "d/", count: 1025) + "f"),
        Case(name: "bomb of many 1 MiB entries", archive: "many-mib.zip",
             script: """
             with zipfile.ZipFile('many-mib.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                 for n in range(1024): z.writestr('z%04d' % n, bytes(1 << 20))
             """,
             rule: "compression-ratio-limit", entry: nil),
        Case(name: "bomb of many 1 MiB entries in a compressed tar", archive: "many-mib.tar.gz",
             script: """
             with tarfile.open('many-mib.tar.gz', 'w:gz') as t:
                 for n in range(64):
                     i = tarfile.TarInfo('z%02d' % n); i.size = 1 << 20; t.addfile(i, io.BytesIO(bytes(1 << 20)))
             """,
             rule: "compression-ratio-limit", entry: nil),
        // The first file of a zip goes to the second thread, the next to
        // the first; the refusal names the earliest bad entry whichever
        // thread inflates it, as one reading in order would.
        Case(name: "damaged data in a zip's first file (the second thread's)", archive: "damaged-first.zip",
             script: damagedZipScript("damaged-first.zip", damaging: 1),
             rule: "damaged-archive", entry: "part0.txt", status: 6),
        Case(name: "damaged data in a zip's first and second files", archive: "damaged-both.zip",
             script: damagedZipScript("damaged-both.zip", damaging: 2),
             rule: "damaged-archive", entry: "part0.txt", status: 6),
        Case(name: "zip whose later files take it past the size limit", archive: "big.zip",
             script: """
             with zipfile.ZipFile('big.zip', 'w') as z:
                 for n in range(3): z.writestr('part%d' % n, os.urandom(600000))
             """,
             rule: "total-size-limit", entry: "part1", extraArguments: ["--max-bytes", "1000000"]),
        Case(name: "bomb of two 40 MiB zip entries", archive: "two-bombs.zip",
             script: """
             with zipfile.ZipFile('two-bombs.zip', 'w', zipfile.ZIP_DEFLATED) as z:
                 for n in range(2): z.writestr('bomb%d' % n, bytes(40 << 20))
             """,
             rule: "compression-ratio-limit", entry: "bomb0"),
        Case(name: "zip directory listing more entries than allowed", archive: "eleven.zip",
             script: """
             with zipfile.ZipFile('eleven.zip', 'w') as z:
                 for n in range(11): z.writestr('e%02d' % n, b'x')
             """,
             rule: "entry-count-limit", entry: "e10", extraArguments: ["--max-entries", "10"]),
    ]

    /// A zip of four text files whose first `count` have 64 bytes in the
    /// middle of their compressed data flipped.
    static func damagedZipScript(_ archive: String, damaging count: Int) -> String {
        """
        with zipfile.ZipFile('\(archive)', 'w', zipfile.ZIP_DEFLATED) as z:
            for n in range(4): z.writestr('part%d.txt' % n, ('line %d of part %d\\n' % (n, n)) * 40000)
        with zipfile.ZipFile('\(archive)') as z: infos = z.infolist()[:\(count)]
        data = bytearray(open('\(archive)', 'rb').read())
        for info in infos:
            start = info.header_offset + 30 + len(info.filename) + info.compress_size // 2
            for i in range(start, start + 64): data[i] ^= 0x5a
        open('\(archive)', 'wb').write(data)
        """
    }

    @Test(arguments: cases)
    func isRefusedAndLeavesNothingBehind(_ hostile: Case) async throws {
        let sandbox = try Sandbox()
        try await sandbox.python(hostile.script)
        let parent = try sandbox.directory("import/work")
        let staging = try sandbox.directory("import/work/staging")
        let before = sandbox.names(in: sandbox.root)
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: hostile.archive).path,
                                                 "--staging", staging.path] + hostile.extraArguments)
        #expect(result.status == hostile.status, "\(result)")
        let error = try #require(result.error, "\(result)")
        #expect(error["rule"] as? String == hostile.rule, "\(result)")
        if let entry = hostile.entry {
            #expect(error["entry"] as? String == entry, "\(result)")
            #expect((error["message"] as? String)?.contains(entry) == true)
        }
        #expect(result.standardError.split(separator: "\n").count == 1, "one line on stderr: \(result.standardError)")
        #expect(sandbox.names(in: staging).isEmpty, "staging emptied")
        #expect(sandbox.names(in: parent) == ["staging"])
        #expect(sandbox.names(in: sandbox.root) == before)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/docbrowser-absolute-test"))
    }

    @Test func innerSymlinksAndHardLinksThatStayInsideAreAccepted() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            t = tarfile.open('fine.tar', 'w')
            i = tarfile.TarInfo('pkg/data.txt'); i.size = 4; t.addfile(i, io.BytesIO(b'data'))
            i = tarfile.TarInfo('pkg/alias'); i.type = tarfile.SYMTYPE; i.linkname = 'data.txt'; t.addfile(i)
            i = tarfile.TarInfo('pkg/up'); i.type = tarfile.SYMTYPE; i.linkname = '../pkg/./data.txt'; t.addfile(i)
            i = tarfile.TarInfo('pkg/same'); i.type = tarfile.LNKTYPE; i.linkname = 'pkg/data.txt'; t.addfile(i)
            i = tarfile.TarInfo('pkg/ro'); i.type = tarfile.DIRTYPE; i.mode = 0o555; t.addfile(i)
            i = tarfile.TarInfo('pkg/ro/inside'); i.size = 1; t.addfile(i, io.BytesIO(b'x'))
            t.close()
            """)
        let staging = try sandbox.directory("staging")
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "fine.tar").path, "--staging", staging.path])
        #expect(result.status == 0, "\(result)")
        let pkg = staging.appending(path: "pkg")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: pkg.appending(path: "alias").path) == "data.txt")
        #expect(try String(contentsOf: pkg.appending(path: "up"), encoding: .utf8) == "data")
        #expect(try String(contentsOf: pkg.appending(path: "same"), encoding: .utf8) == "data")
        #expect(try String(contentsOf: pkg.appending(path: "ro/inside"), encoding: .utf8) == "x")
        let attributes = try FileManager.default.attributesOfItem(atPath: pkg.appending(path: "ro").path)
        // Owner-writable, or a user other than root could not move it.
        #expect((attributes[.posixPermissions] as? Int) == 0o755)
    }

    @Test func setuidBitsAreDropped() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            t = tarfile.open('suid.tar', 'w')
            i = tarfile.TarInfo('tool'); i.size = 1; i.mode = 0o4755; t.addfile(i, io.BytesIO(b'x')); t.close()
            """)
        let staging = try sandbox.directory("staging")
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "suid.tar").path, "--staging", staging.path])
        #expect(result.status == 0, "\(result)")
        let attributes = try FileManager.default.attributesOfItem(atPath: staging.appending(path: "tool").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o755)
    }

    @Test func aStagingDirectoryThatIsNotEmptyIsRefused() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("zipfile.ZipFile('a.zip', 'w').writestr('a', 'a')")
        let staging = try sandbox.directory("staging")
        _ = try sandbox.write("mine", to: "staging/existing")
        let result = try await sandbox.archiver(["extract", "--archive", sandbox.root.appending(path: "a.zip").path, "--staging", staging.path])
        #expect(result.status == 6, "\(result)")
        #expect(sandbox.names(in: staging) == ["existing"])
    }
}
