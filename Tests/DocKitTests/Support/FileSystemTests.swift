#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
@testable import DocKit

@Suite("FileSystem")
struct FileSystemTests {
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    // MARK: renameWithoutReplacing

    @Test("renaming onto an existing name fails with EEXIST and leaves both files intact")
    func renameNeverReplaces() throws {
        let tmp = try TemporaryDirectory("rename")
        let source = RawPath(try tmp.write("source", to: "a.txt"))
        let destination = RawPath(try tmp.write("destination", to: "b.txt"))

        let error = try #require(throws: DocKitError.self) {
            try FileSystem.renameWithoutReplacing(source, to: destination)
        }
        #expect(error.errno == EEXIST)
        #expect(error.code == .alreadyExists)
        #expect(error.fileSystemFailure?.path == destination)
        #expect(try String(contentsOf: tmp.url("a.txt"), encoding: .utf8) == "source")
        #expect(try String(contentsOf: tmp.url("b.txt"), encoding: .utf8) == "destination")
    }

    @Test("renaming onto an existing directory fails too, and a free name works")
    func renameToDirectoryAndFreeName() throws {
        let tmp = try TemporaryDirectory("rename")
        let source = RawPath(try tmp.write("source", to: "a.txt"))
        let directory = RawPath(try tmp.directory("Existing"))
        let error = try #require(throws: DocKitError.self) {
            try FileSystem.renameWithoutReplacing(source, to: directory)
        }
        #expect(error.errno == EEXIST)

        let free = RawPath(tmp.url("c.txt"))
        try FileSystem.renameWithoutReplacing(source, to: free)
        #expect(try String(contentsOf: tmp.url("c.txt"), encoding: .utf8) == "source")
        #expect(try FileStatus.of(source) == nil)
        #expect(try Self.names(in: tmp.url) == ["Existing", "c.txt"])
    }

    @Test("renaming a missing source is ENOENT")
    func renameMissingSource() throws {
        let tmp = try TemporaryDirectory("rename")
        let error = try #require(throws: DocKitError.self) {
            try FileSystem.renameWithoutReplacing(RawPath(tmp.url("missing")), to: RawPath(tmp.url("other")))
        }
        #expect(error.errno == ENOENT)
        #expect(error.code == .notFound)
    }

    // MARK: createNewFile / createNewDirectory

    @Test("createNewFile makes an empty file and refuses a taken name without touching it")
    func createNewFile() throws {
        let tmp = try TemporaryDirectory("create")
        let path = RawPath(tmp.url("new.txt"))
        try FileSystem.createNewFile(path)
        let status = try #require(try FileStatus.of(path))
        #expect(status.kind == .regular)
        #expect(status.size == 0)

        try tmp.write("precious", to: "taken.txt")
        let error = try #require(throws: DocKitError.self) {
            try FileSystem.createNewFile(RawPath(tmp.url("taken.txt")))
        }
        #expect(error.errno == EEXIST)
        #expect(try String(contentsOf: tmp.url("taken.txt"), encoding: .utf8) == "precious")
    }

    @Test("createNewDirectory refuses a taken name, file or directory")
    func createNewDirectory() throws {
        let tmp = try TemporaryDirectory("create")
        let path = RawPath(tmp.url("Dir"))
        try FileSystem.createNewDirectory(path)
        #expect(try FileStatus.of(path)?.kind == .directory)
        #expect(throws: DocKitError.self) { try FileSystem.createNewDirectory(path) }
        try tmp.write("x", to: "file")
        let error = try #require(throws: DocKitError.self) {
            try FileSystem.createNewDirectory(RawPath(tmp.url("file")))
        }
        #expect(error.errno == EEXIST)
        #expect(try FileStatus.of(RawPath(tmp.url("file")))?.kind == .regular)
    }

    // MARK: writeAtomically

    @Test("writeAtomically creates, then replaces content, and leaves no temporary behind")
    func writeAtomically() throws {
        let tmp = try TemporaryDirectory("atomic")
        let path = RawPath(tmp.url("config.json"))
        try FileSystem.writeAtomically(Data("first version, long".utf8), to: path)
        #expect(try String(contentsOf: tmp.url("config.json"), encoding: .utf8) == "first version, long")
        let firstInode = try #require(try FileStatus.of(path)).inode

        try FileSystem.writeAtomically(Data("second".utf8), to: path)
        #expect(try String(contentsOf: tmp.url("config.json"), encoding: .utf8) == "second")
        // Replaced by a rename, not rewritten in place.
        #expect(try #require(try FileStatus.of(path)).inode != firstInode)
        #expect(try Self.names(in: tmp.url) == ["config.json"])
        #expect(try Self.names(in: tmp.url).allSatisfy { !$0.hasPrefix(FileSystem.temporaryPrefix) })
    }

    @Test("writeAtomically over a directory fails and removes its temporary")
    func writeAtomicallyFailureCleansUp() throws {
        let tmp = try TemporaryDirectory("atomic")
        try tmp.write("inside", to: "Target/file.txt")
        #expect(throws: DocKitError.self) {
            try FileSystem.writeAtomically(Data("x".utf8), to: RawPath(tmp.url("Target")))
        }
        #expect(try Self.names(in: tmp.url) == ["Target"])
        #expect(try String(contentsOf: tmp.url("Target/file.txt"), encoding: .utf8) == "inside")
    }

    @Test("writeAtomically keeps the mode it is given")
    func writeAtomicallyMode() throws {
        let tmp = try TemporaryDirectory("atomic")
        let path = RawPath(tmp.url("private"))
        try FileSystem.writeAtomically(Data("secret".utf8), to: path, mode: 0o600)
        let mode = try #require(try FileStatus.of(path)).mode & 0o777
        #expect(mode == 0o600)
    }

    // MARK: createDirectory

    @Test("createDirectory is mkdir -p: makes every missing parent, and an existing directory is fine")
    func createDirectoryIsMkdirP() throws {
        let tmp = try TemporaryDirectory("mkdir")
        try tmp.write("keep", to: "a/keep.txt")
        let deep = RawPath(tmp.url("a/b/c/d"))
        try FileSystem.createDirectory(deep)
        #expect(try FileStatus.of(deep)?.kind == .directory)
        try FileSystem.createDirectory(deep)
        try FileSystem.createDirectory(RawPath(tmp.url("a")))
        #expect(try String(contentsOf: tmp.url("a/keep.txt"), encoding: .utf8) == "keep")
    }

    @Test("createDirectory fails with ENOTDIR on a file in the way, at the end or higher up")
    func createDirectoryRefusesAFile() throws {
        let tmp = try TemporaryDirectory("mkdir")
        let file = RawPath(try tmp.write("content", to: "file"))
        let atEnd = try #require(throws: DocKitError.self) { try FileSystem.createDirectory(file) }
        #expect(atEnd.errno == ENOTDIR)
        #expect(atEnd.fileSystemFailure?.path == file)

        let below = try #require(throws: DocKitError.self) { try FileSystem.createDirectory(file.appending("sub/dir")) }
        #expect(below.errno == ENOTDIR)
        #expect(try FileStatus.of(file)?.kind == .regular)
        #expect(try String(contentsOf: tmp.url("file"), encoding: .utf8) == "content")
    }

    // MARK: FileStatus and DirectoryReader

    @Test("FileStatus never follows a link and is nil for a missing path")
    func fileStatus() throws {
        let tmp = try TemporaryDirectory("status")
        try tmp.write("12345", to: "file")
        try FileManager.default.createSymbolicLink(atPath: tmp.url("link").path, withDestinationPath: "file")
        #expect(try FileStatus.of(RawPath(tmp.url("file")))?.size == 5)
        let link = try #require(try FileStatus.of(RawPath(tmp.url("link"))))
        #expect(link.kind == .symbolicLink)
        #expect(link.size == 4)
        #expect(try FileStatus.of(RawPath(tmp.url("missing"))) == nil)
        #expect(try FileStatus.of(RawPath(tmp.url("file/below"))) == nil)
    }

    @Test("DirectoryReader lists raw names, without . and ..")
    func directoryReader() throws {
        let tmp = try TemporaryDirectory("reader")
        try tmp.write("a", to: "a.txt")
        try tmp.directory("Sub")
        let raw = RawPath(tmp.url).appending(RawPath(bytes: [0x6E, 0xE9]))
        try RawFiles.write([1], to: raw)
        let names = try DirectoryReader.names(in: RawPath(tmp.url)).sorted()
        #expect(names == [RawPath("Sub"), RawPath("a.txt"), RawPath(bytes: [0x6E, 0xE9])])
    }
}

/// What the threads of a lock test saw, shared safely between them.
final class LockObservations: Sendable {
    struct State {
        /// (thread, entering?) in the order they happened.
        var events: [(Int, Bool)] = []
        var inside = 0
        var maximumInside = 0
        var failures: [String] = []
        var exclusiveAcquired = false
        var sharedReleased = false
        var sharedReleasedBeforeExclusive = false
        var heldLocks: [FileLock] = []
    }

    let state = Mutex(State())

    func enter(_ thread: Int) {
        state.withLock {
            $0.inside += 1
            $0.maximumInside = max($0.maximumInside, $0.inside)
            $0.events.append((thread, true))
        }
    }

    func exit(_ thread: Int) {
        state.withLock {
            $0.events.append((thread, false))
            $0.inside -= 1
        }
    }

    var snapshot: State { state.withLock { $0 } }
}

@Suite("FileLock")
struct FileLockTests {
    @Test("two exclusive locks on one path, from two threads, are never held at once")
    func exclusiveLocksExcludeEachOther() async throws {
        let tmp = try TemporaryDirectory("lock")
        let path = tmp.url("resource.lock").path
        let observations = LockObservations()
        let rounds = 15

        await BlockingThreads.run(2) { thread in
            for _ in 0..<rounds {
                do {
                    let lock = try FileLock(path: path, mode: .exclusive)
                    observations.enter(thread)
                    usleep(2_000)
                    observations.exit(thread)
                    withExtendedLifetime(lock) {}
                } catch {
                    observations.state.withLock { $0.failures.append("\(error)") }
                }
            }
        }

        let seen = observations.snapshot
        #expect(seen.failures.isEmpty)
        #expect(seen.maximumInside == 1)
        #expect(seen.events.count == 2 * 2 * rounds)
        // Enter and exit strictly alternate, each exit by the thread that entered.
        for index in stride(from: 0, to: seen.events.count - 1, by: 2) {
            #expect(seen.events[index].1 == true)
            #expect(seen.events[index + 1].1 == false)
            #expect(seen.events[index].0 == seen.events[index + 1].0)
        }
        #expect(Set(seen.events.map(\.0)) == [0, 1])
    }

    @Test("shared locks are held together; an exclusive one waits until they are released")
    func sharedLocksCoexist() async throws {
        let tmp = try TemporaryDirectory("lock")
        let path = tmp.url("resource.lock").path
        // Two shared locks at once: the second does not block.
        let observations = LockObservations()
        // Held only by the observations, so that dropping them there releases them.
        try observations.state.withLock { $0.heldLocks = [try FileLock(path: path, mode: .shared), try FileLock(path: path, mode: .shared)] }

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                do {
                    let lock = try FileLock(path: path, mode: .exclusive)
                    observations.state.withLock {
                        $0.sharedReleasedBeforeExclusive = $0.sharedReleased
                        $0.exclusiveAcquired = true
                    }
                    withExtendedLifetime(lock) {}
                } catch {
                    observations.state.withLock { $0.failures.append("\(error)") }
                }
                continuation.resume()
            }.start()
            Thread {
                usleep(50_000)
                observations.state.withLock { $0.sharedReleased = true }
                observations.state.withLock { $0.heldLocks.removeAll() }
            }.start()
        }
        let seen = observations.snapshot
        #expect(seen.failures.isEmpty)
        #expect(seen.exclusiveAcquired)
        #expect(seen.sharedReleasedBeforeExclusive)
    }

    @Test("a lock file in a missing directory is a LockError naming it")
    func lockErrorNamesThePath() throws {
        let tmp = try TemporaryDirectory("lock")
        let path = tmp.url("missing/resource.lock").path
        let error = try #require(throws: DocKitError.self) { try FileLock(path: path) }
        #expect(error.errno == ENOENT)
        #expect(error.description.contains(path))
    }
}
