import Foundation
import Testing

/// What tar tools make and extract without a second thought is no bomb:
/// a sparse file's holes are not stored, so they do not count towards the
/// ratio (the size limit still counts them).
@Suite("import: sparse tars, as tar extracts them")
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
}
