import Foundation
import Testing

/// What tar tools make and extract without a second thought is no bomb:
/// a sparse file's holes are not stored, so they do not count towards the
/// ratio (the size limit still counts them), and a tar appended to with
/// `tar -r` keeps the last copy of a name, as every tar tool does.
@Suite("import: sparse and appended tars, as tar extracts them")
struct StoredBytesEndToEndTests {
    /// 99 MiB with 5 bytes of data in the middle: GNU tar stores only the data.
    private func makeSparseFile(_ sandbox: Sandbox) async throws {
        try await sandbox.shell("truncate -s 99M Sparse.img && printf hello | dd of=Sparse.img bs=1 seek=50000000 conv=notrunc 2>/dev/null")
    }

    @Test("a GNU sparse tar imports whole and stays sparse", arguments: ["gnu", "pax"])
    func sparseTarImports(format: String) async throws {
        let sandbox = try Sandbox()
        try await makeSparseFile(sandbox)
        try await sandbox.tool("tar", ["--sparse", "--format=\(format)", "-cf", "sparse.tar", "Sparse.img"])
        let archive = sandbox.root.appending(path: "sparse.tar")
        let stored = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int)
        #expect(stored < 64 << 10, "the tar stores the data, not the holes: \(stored) bytes")

        let imported = try await sandbox.run("import", archive.path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardOutput == "Imported local:Sparse.img\n")
        let copy = sandbox.localDocuments.appending(path: "Sparse.img")
        let compared = try await sandbox.tool("cmp", [sandbox.root.appending(path: "Sparse.img").path, copy.path], expectSuccess: false)
        #expect(compared.status == 0, "the same bytes: \(compared.output)")
        // Its holes stay holes: a few blocks on disk, not 99 MiB.
        var status = stat()
        #expect(stat(copy.path, &status) == 0)
        #expect(status.st_size == 99 << 20)
        #expect(Int(status.st_blocks) * 512 < 1 << 20, "\(status.st_blocks) blocks")
    }

    @Test("a sparse file still counts at its full size against --max-bytes")
    func sparseTarCountsItsSizeAgainstTheLimit() async throws {
        let sandbox = try Sandbox()
        try await makeSparseFile(sandbox)
        try await sandbox.tool("tar", ["--sparse", "-cf", "sparse.tar", "Sparse.img"])
        let archive = sandbox.root.appending(path: "sparse.tar").path
        let refused = try await sandbox.run("import", archive, "--max-bytes", String(50 << 20))
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError == "docbrowser: \(archive): org.docbrowser.archiver: entry 'Sparse.img' refused (total-size-limit): its size would take the archive past 52428800 bytes\n")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
    }

    @Test("a gzip of zeros is still a bomb, though its tar inside holds no holes")
    func compressedZerosAreStillABomb() async throws {
        let sandbox = try Sandbox()
        try await sandbox.shell("head -c 30000000 /dev/zero > Zeros.bin && tar -czf zeros.tar.gz Zeros.bin")
        let archive = sandbox.root.appending(path: "zeros.tar.gz").path
        let refused = try await sandbox.run("import", archive)
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains("(compression-ratio-limit)"), "\(refused)")
        let plain = try await sandbox.run("import", try await uncompressed(sandbox, "Zeros.bin"))
        #expect(plain.status == 0, "an uncompressed tar stores every byte it extracts: \(plain)")
    }

    private func uncompressed(_ sandbox: Sandbox, _ name: String) async throws -> String {
        try await sandbox.tool("tar", ["-cf", "plain.tar", name])
        return sandbox.root.appending(path: "plain.tar").path
    }

    @Test("a tar appended to with tar -r keeps the last copy of a name, and says so")
    func appendedTarKeepsTheLastCopy() async throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("first draft\n", to: "src/Notes/draft.txt")
        _ = try sandbox.write("kept\n", to: "src/Notes/other.txt")
        let source = sandbox.root.appending(path: "src")
        try await sandbox.tool("tar", ["-cf", "../notes.tar", "Notes"], in: source)
        _ = try sandbox.write("final draft\n", to: "src/Notes/draft.txt")
        try await sandbox.tool("tar", ["-rf", "../notes.tar", "Notes/draft.txt"], in: source)
        let listed = try await sandbox.tool("tar", ["-tf", "notes.tar"])
        #expect(listed.output.split(separator: "\n").filter { $0 == "Notes/draft.txt" }.count == 2, "\(listed.output)")

        let imported = try await sandbox.run("import", sandbox.root.appending(path: "notes.tar").path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardOutput == """
            Imported local:Notes
            Kept the last copy, as tar does, of 1 file the archive holds more than once: notes.tar/Notes/draft.txt

            """)
        let folder = sandbox.localDocuments.appending(path: "Notes")
        #expect(try String(contentsOf: folder.appending(path: "draft.txt"), encoding: .utf8) == "final draft\n")
        #expect(try String(contentsOf: folder.appending(path: "other.txt"), encoding: .utf8) == "kept\n")

        let json = try await sandbox.run("import", sandbox.root.appending(path: "notes.tar").path, "--on-conflict", "rename", "--json")
        #expect(try json.json()["superseded"] as? [String] == ["notes.tar/Notes/draft.txt"], "\(json)")
    }

    @Test("a zip holding a name twice is still refused: zip tools do not mean the last copy")
    func zipWithARepeatedNameIsRefused() async throws {
        let sandbox = try Sandbox()
        try await sandbox.python("""
            import zipfile, warnings
            warnings.simplefilter("ignore")
            with zipfile.ZipFile("twice.zip", "w") as z:
                z.writestr("a.txt", "one")
                z.writestr("a.txt", "two")
            """)
        let refused = try await sandbox.run("import", sandbox.root.appending(path: "twice.zip").path)
        #expect(refused.status == 5, "\(refused)")
        #expect(refused.standardError.contains("entry 'a.txt' refused (duplicate-entry)"), "\(refused)")
        #expect(sandbox.names(in: sandbox.localDocuments).isEmpty)
    }
}
