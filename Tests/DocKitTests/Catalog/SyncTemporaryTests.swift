@testable import DocKit
import Testing

@Suite("SyncTemporary: the files sync engines write while a document arrives")
struct SyncTemporaryTests {
    @Test("each engine's temporary names the document it becomes", arguments: [
        (".syncthing.Big.bin.tmp", "Big.bin", "Syncthing"),
        ("~syncthing~Report.pdf.tmp", "Report.pdf", "Syncthing"),
        (".report.pdf.~6b27d3a1", "report.pdf", "Nextcloud or ownCloud"),
        ("Movie.mov.part", "Movie.mov", "a sync client or download (.part)"),
        ("Movie.mov.partial", "Movie.mov", "rclone"),
        ("Movie.mov.0a1b2c3d.partial", "Movie.mov", "rclone"),
        (".~Budget.xlsx", "Budget.xlsx", "Dropbox"),
    ])
    func engines(name: String, document: String, writer: String) throws {
        let temporary = try #require(SyncTemporary(RawPath(name)))
        #expect(temporary.document == RawPath(document))
        #expect(temporary.writer == writer)
        let hasRandomPart = name.contains("6b27d3a1") || name.contains("0a1b2c3d")
        #expect(SyncTemporary.fixedNames(of: RawPath(document)).contains(RawPath(name)) == !hasRandomPart)
    }

    @Test("documents, docbrowser's own temporaries and LibreOffice's lock files are not sync temporaries", arguments: [
        "Report.pdf", ".docbrowser-tmp-1234.staged", ".~lock.Report.odt#", ".syncthing..tmp", ".part", "x.tmp", ".hidden",
        ".syncthing.a/b.tmp", "~syncthing~..tmp",
    ])
    func notTemporaries(name: String) {
        #expect(SyncTemporary(RawPath(name)) == nil)
    }

    @Test("names that are not UTF-8 keep their bytes")
    func rawBytes() throws {
        let bytes: [UInt8] = Array(".syncthing.".utf8) + [0x66, 0xFF] + Array(".tmp".utf8)
        let temporary = try #require(SyncTemporary(RawPath(bytes: bytes)))
        #expect(temporary.document.bytes == [0x66, 0xFF])
    }
}
