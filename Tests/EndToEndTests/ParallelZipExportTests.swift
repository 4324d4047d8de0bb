import Foundation
import Testing

/// The plugin writes zip itself, deflating 1 MiB chunks of an entry on
/// separate threads; these check that files spanning several chunks, and
/// every kind of entry beside them, read back whole with every tool.
extension ArchiverInteroperabilityTests {
    /// Files of 0, exactly 1 and 2 chunks, several chunks of text and of
    /// random bytes, a folder, a link and a non-ASCII name.
    private func makeChunkedPackage(_ sandbox: Sandbox) async throws -> URL {
        let base = try sandbox.directory("chunked")
        try await sandbox.tool("sh", ["-c", """
            set -e
            mkdir -p Big.bundle/Sub 'Big.bundle/Empty Folder'
            : > Big.bundle/empty.txt
            head -c 1048576 /dev/urandom > Big.bundle/one-chunk.bin
            head -c 2097152 /dev/urandom > Big.bundle/Sub/two-chunks.bin
            head -c 2621440 /dev/urandom > 'Big.bundle/Sub/zufällig.bin'
            python3 -c "import random; random.seed(7); w=[''.join(random.choice('abcdefghij') for _ in range(random.randint(2,8))) for _ in range(3000)]; print(' '.join(random.choice(w) for _ in range(700000)))" > 'Big.bundle/Grüße – text.txt'
            ln -s 'Grüße – text.txt' Big.bundle/current
            touch -d '2020-01-02 03:04:05' Big.bundle/*.txt Big.bundle/*.bin Big.bundle/Sub/*
            touch -h -d '2021-03-04 05:06:07' Big.bundle/current
            touch -d '2019-05-06 07:08:09' Big.bundle/Sub 'Big.bundle/Empty Folder' Big.bundle
            """], in: base)
        return base
    }

    @Test(arguments: [[], ["--level", "0"], ["--level", "1"], ["--level", "9"]])
    func multiChunkZipPassesEveryToolsTestAndExtractsIdentically(_ level: [String]) async throws {
        let sandbox = try Sandbox()
        let source = try await makeChunkedPackage(sandbox)
        let archive = sandbox.root.appending(path: "chunked.zip")
        let result = try await sandbox.archiver(["export", "--output", archive.path] + level + [source.appending(path: "Big.bundle").path])
        #expect(result.status == 0, "\(result)")
        #expect(result.result?["entries"] as? Int == 9, "\(result)")
        let text = try #require(FileManager.default.attributesOfItem(atPath: source.appending(path: "Big.bundle/Grüße – text.txt").path)[.size] as? Int)
        #expect(text > 3 << 20, "the text spans several chunks")
        #expect(result.result?["bytes"] as? Int == text + 1_048_576 + 2_097_152 + 2_621_440)

        try await sandbox.tool("unzip", ["-tq", archive.path])
        try await sandbox.tool("python3", ["-m", "zipfile", "-t", archive.path])
        try await sandbox.python("""
            z = zipfile.ZipFile('chunked.zip')
            assert z.testzip() is None
            info = z.getinfo('Big.bundle/Grüße – text.txt')
            assert info.flag_bits & 0x800, info.flag_bits
            expected = zipfile.ZIP_STORED if '\(level.last ?? "")' == '0' else zipfile.ZIP_DEFLATED
            assert info.compress_type == expected, info.compress_type
            if expected == zipfile.ZIP_DEFLATED:
                assert info.compress_size < info.file_size / 2, (info.compress_size, info.file_size)
                # Deflated in 1 MiB chunks apart: each but the last ends with a
                # sync flush's empty stored block.
                raw = open('chunked.zip', 'rb').read()
                start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
                flushes = raw[start:start + info.compress_size].count(b'\\x00\\x00\\xff\\xff')
                assert flushes >= info.file_size // (1 << 20), flushes
            assert z.getinfo('Big.bundle/Empty Folder/').is_dir()
            assert z.read('Big.bundle/empty.txt') == b''
            assert z.read('Big.bundle/Sub/zufällig.bin') == open('chunked/Big.bundle/Sub/zufällig.bin', 'rb').read()
            """)
        let listing = try await sandbox.tool("bsdtar", ["-tvf", archive.path]).output
        #expect(listing.contains("Big.bundle/current -> Grüße – text.txt"), "\(listing)")

        let byBsdtar = try sandbox.directory("bsdtar")
        try await sandbox.tool("bsdtar", ["-xpf", archive.path, "-C", byBsdtar.path])
        #expect(try sandbox.snapshot(byBsdtar) == sandbox.snapshot(source))
        let byUnzip = try sandbox.directory("unzip")
        try await sandbox.tool("unzip", ["-q", archive.path, "-d", byUnzip.path])
        #expect(try sandbox.snapshot(byUnzip, linkTimes: false) == sandbox.snapshot(source, linkTimes: false))
    }

    @Test func reproducibleMultiChunkExportsAreByteIdentical() async throws {
        let sandbox = try Sandbox()
        let source = try await makeChunkedPackage(sandbox)
        var archives: [Data] = []
        for name in ["first.zip", "second.zip"] {
            let output = sandbox.root.appending(path: name)
            let result = try await sandbox.archiver(["export", "--output", output.path, "--reproducible", source.appending(path: "Big.bundle").path])
            #expect(result.status == 0, "\(result)")
            archives.append(try Data(contentsOf: output))
        }
        #expect(archives[0] == archives[1])
    }

    /// More entries than the classic end record counts (65,535) need the
    /// ZIP64 end record; empty files keep the test small.
    @Test func moreEntriesThanTheClassicEndRecordCountsGetAZip64EndRecord() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            os.makedirs('many/Many.bundle')
            for i in range(65600):
                open(f'many/Many.bundle/{i:05d}', 'wb').close()
            """)
        let archive = sandbox.root.appending(path: "many.zip")
        let result = try await sandbox.archiver(["export", "--output", archive.path, sandbox.root.appending(path: "many/Many.bundle").path])
        #expect(result.status == 0, "\(result)")
        #expect(result.result?["entries"] as? Int == 65601)
        try await sandbox.tool("unzip", ["-tq", archive.path])
        try await sandbox.python("""
            z = zipfile.ZipFile('many.zip')
            assert len(z.infolist()) == 65601, len(z.infolist())
            assert z.testzip() is None
            data = open('many.zip', 'rb').read()
            assert data.rfind(b'PK\\x06\\x06') > 0, 'a ZIP64 end record'
            """)
        let listing = try await sandbox.tool("bsdtar", ["-tf", archive.path]).output
        #expect(listing.split(separator: "\n").count == 65601)
    }
}
