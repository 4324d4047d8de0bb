#if canImport(Glibc)
import Glibc
#endif
@testable import DocKit
import Foundation
import Testing

@Suite("Copying trees whole")
struct TreeCopierTests {
    @Test func devicesAndFIFOsAreRefusedNotCopied() throws {
        let directory = try TemporaryDirectory()
        let fifo = RawPath(directory.url.appending(path: "pipe"))
        #expect(fifo.withCString { mkfifo($0, 0o600) } == 0)
        #expect(throws: DocKitError.self) { try TreeCopier().copy(fifo, to: RawPath(directory.url.appending(path: "copy"))) }
        #expect(!FileManager.default.fileExists(atPath: directory.url.appending(path: "copy").path))
    }

    @Test func progressCountsEveryByte() throws {
        let directory = try TemporaryDirectory()
        let source = directory.url.appending(path: "tree")
        try FileManager.default.createDirectory(at: source.appending(path: "sub"), withIntermediateDirectories: true)
        try Data(count: 3_000_000).write(to: source.appending(path: "a"))
        try Data(count: 5).write(to: source.appending(path: "sub/b"))
        let seen = Seen()
        try TreeCopier(progress: { seen.set($0) }).copy(RawPath(source), to: RawPath(directory.url.appending(path: "copy")))
        #expect(seen.value == 3_000_005)
    }

    @Test("the kernel's copy carries every byte, and a copy it cannot make (a pipe) goes on through the process")
    func inKernelCopyAndFallback() throws {
        let directory = try TemporaryDirectory()
        let bytes = Data((0..<2_500_003).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let source = directory.url.appending(path: "source")
        try bytes.write(to: source)
        let input = open(source.path, O_RDONLY)
        let output = open(directory.url.appending(path: "copy").path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        defer { close(input); close(output) }
        #expect(FileSystem.copyInKernel(from: input, to: output, chunkSize: 1 << 20) == Int64(bytes.count))
        #expect(try Data(contentsOf: directory.url.appending(path: "copy")) == bytes)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(write(ends[1], "abc", 3) == 3)
        close(ends[1])
        let rest = open(directory.url.appending(path: "rest").path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        defer { close(rest) }
        let inKernel = FileSystem.copyInKernel(from: ends[0], to: rest)
        try FileSystem.copyBytes(from: ends[0], RawPath("pipe"), to: rest, RawPath("rest"))
        #expect(inKernel + 3 >= 3)
        #expect(try String(contentsOf: directory.url.appending(path: "rest"), encoding: .utf8) == "abc")
    }

    @Test("a tree deeper than PATH_MAX and the soft descriptor limit is copied whole, its files, links, modes and times kept")
    func deepTree() throws {
        let directory = try TemporaryDirectory("copier")
        let source = RawPath(directory.url).appending("deep")
        try FileSystem.createNewDirectory(source)
        try TreeRemoverTests.makeDeepTree(in: source, levels: 1_500, name: "level")
        let deepest = try Self.descend(source, levels: 1_500, name: "level")
        #expect(symlinkat("../../elsewhere", deepest, "link") == 0)
        let file = openat(deepest, "last.txt", O_WRONLY | O_CREAT | O_EXCL, 0o640)
        #expect(write(file, "bottom", 6) == 6)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_200_000_000, tv_nsec: 987_654_321)]
        #expect(futimens(file, &times) == 0)
        close(file)
        #expect(fchmod(deepest, 0o550) == 0)
        close(deepest)

        let copy = RawPath(directory.url).appending("copy")
        try TreeCopier().copy(source, to: copy)

        let copied = try Self.descend(copy, levels: 1_500, name: "level")
        defer { close(copied) }
        var status = stat()
        #expect(fstatat(copied, "last.txt", &status, AT_SYMLINK_NOFOLLOW) == 0)
        #expect(status.st_size == 6 && status.st_mode & 0o777 == 0o640)
        #expect(status.st_mtim.tv_sec == 1_200_000_000 && status.st_mtim.tv_nsec == 987_654_321)
        var target = [UInt8](repeating: 0, count: 64)
        let length = readlinkat(copied, "link", &target, 63)
        #expect(String(decoding: target.prefix(max(length, 0)), as: UTF8.self) == "../../elsewhere")
        #expect(fstat(copied, &status) == 0 && status.st_mode & 0o777 == 0o550)
        _ = fchmod(copied, 0o755)
        try TreeRemover.remove(source)
        try TreeRemover.remove(copy)
    }

    /// The folder `levels` down, opened through descriptors.
    static func descend(_ root: RawPath, levels: Int, name: String) throws -> Int32 {
        var current = root.withCString { open($0, O_RDONLY | O_DIRECTORY) }
        try #require(current >= 0)
        for _ in 0..<levels {
            let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            close(current)
            try #require(next >= 0)
            current = next
        }
        return current
    }

    @Test("every 100th level's file arrives, in a tree too deep for paths")
    func deepTreeFiles() throws {
        let directory = try TemporaryDirectory("copier")
        let source = RawPath(directory.url).appending("deep")
        try FileSystem.createNewDirectory(source)
        try TreeRemoverTests.makeDeepTree(in: source, levels: 450, name: String(repeating: "n", count: 40))
        let copy = RawPath(directory.url).appending("copy")
        try TreeCopier().copy(source, to: copy)
        var current = copy.withCString { open($0, O_RDONLY | O_DIRECTORY) }
        var files = 0
        for level in 0..<450 {
            var status = stat()
            if fstatat(current, "file-\(level)", &status, AT_SYMLINK_NOFOLLOW) == 0 { files += 1 }
            let next = openat(current, String(repeating: "n", count: 40), O_RDONLY | O_DIRECTORY)
            close(current)
            try #require(next >= 0, "level \(level) is missing")
            current = next
        }
        close(current)
        #expect(files == 5)
        try TreeRemover.remove(copy)
        try TreeRemover.remove(source)
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Int64 = 0
        func set(_ value: Int64) { lock.withLock { stored = value } }
        var value: Int64 { lock.withLock { stored } }
    }
}
