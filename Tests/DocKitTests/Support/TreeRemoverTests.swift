#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import DocKit

@Suite("TreeRemover")
struct TreeRemoverTests {
    /// `levels` nested folders of `name`, made through descriptors, as an
    /// archive's extraction makes them: the full path soon passes PATH_MAX.
    static func makeDeepTree(in root: RawPath, levels: Int, name: String) throws {
        var current = root.withCString { open($0, O_RDONLY | O_DIRECTORY) }
        try #require(current >= 0)
        for level in 0..<levels {
            #expect(mkdirat(current, name, 0o755) == 0)
            if level % 100 == 0 {
                let file = openat(current, "file-\(level)", O_WRONLY | O_CREAT | O_EXCL, 0o644)
                close(file)
            }
            let next = openat(current, name, O_RDONLY | O_DIRECTORY)
            try #require(next >= 0)
            close(current)
            current = next
        }
        close(current)
    }

    @Test("a tree deeper than PATH_MAX and the soft descriptor limit is removed whole")
    func deepTree() throws {
        let directory = try TemporaryDirectory("remover")
        let root = RawPath(directory.url).appending("deep")
        try FileSystem.createNewDirectory(root)
        try Self.makeDeepTree(in: root, levels: 1_500, name: "level")
        // 1,500 × "level/" is 9,000 bytes, past PATH_MAX (4,096), and deeper
        // than a soft limit of 1,024 open descriptors.
        try TreeRemover.remove(root)
        #expect(try FileStatus.of(root) == nil)
    }

    @Test("read-only and unreadable folders inside are emptied; a link out is removed, not followed")
    func readOnlyFoldersAndOutwardLinks() throws {
        let directory = try TemporaryDirectory("remover")
        let outside = try directory.directory("outside")
        try Data("keep".utf8).write(to: outside.appending(path: "precious.txt"))
        let root = try directory.directory("tree")
        try directory.directory("tree/locked/inner")
        try Data("x".utf8).write(to: root.appending(path: "locked/inner/file"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "locked/out").path, withDestinationPath: outside.path)
        _ = chmod(root.appending(path: "locked/inner").path, 0o000)
        _ = chmod(root.appending(path: "locked").path, 0o500)
        try TreeRemover.remove(RawPath(root))
        #expect(try FileStatus.of(RawPath(root)) == nil)
        #expect(try String(contentsOf: outside.appending(path: "precious.txt"), encoding: .utf8) == "keep")
    }

    @Test("a file or a link is removed as itself, and a missing path is no error")
    func singleEntries() throws {
        let directory = try TemporaryDirectory("remover")
        let file = RawPath(directory.url).appending("file")
        try FileSystem.createNewFile(file)
        let link = RawPath(directory.url).appending("link")
        #expect(symlink(directory.url.path, String(decoding: link.bytes, as: UTF8.self)) == 0)
        try TreeRemover.remove(file)
        try TreeRemover.remove(link)
        try TreeRemover.remove(RawPath(directory.url).appending("missing"))
        #expect(try FileStatus.of(file) == nil)
        #expect(try FileStatus.of(link) == nil)
        #expect(try FileStatus.of(RawPath(directory.url)) != nil)
    }
}
