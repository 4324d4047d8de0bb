#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
@testable import DocKit

/// A fresh home in its own temporary directory, with the default
/// locations (`HOME/Documents` and `HOME/Cloud/Documents`), and helpers to
/// put files in them. Nothing outside the temporary directory is touched.
final class TestHome: @unchecked Sendable {
    let directory: TemporaryDirectory
    let home: Home

    /// `quietSeconds` is the home's `cloud.quiet-seconds`; nil leaves it
    /// unset (the default period). It is 0 unless given: tests write a
    /// cloud document and act on it at once, and the quiet period has
    /// tests of its own.
    init(_ label: String = "home", quietSeconds: String? = "0") throws {
        directory = try TemporaryDirectory(label)
        home = Home(url: directory.url)
        if let quietSeconds {
            try JSONSerialization.data(withJSONObject: [Configuration.Key.cloudQuietSeconds.rawValue: quietSeconds]).write(to: directory.url.appending(path: "config.json"))
        }
    }

    /// The home's root as a plain path string, without a trailing slash.
    var root: String {
        let path = directory.url.path
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    func documentsPath(_ location: Location) -> String {
        location == .local ? root + "/Documents" : root + "/Cloud/Documents"
    }

    func documentsDirectory(_ location: Location) -> RawPath {
        RawPath(documentsPath(location))
    }

    /// The path of `relativePath` inside a location's Documents folder.
    func path(_ relativePath: String, in location: Location = .local) -> RawPath {
        documentsDirectory(location).appending(relativePath)
    }

    func url(_ relativePath: String, in location: Location = .local) -> URL {
        URL(fileURLWithPath: documentsPath(location) + "/" + relativePath)
    }

    /// Writes a file inside a Documents folder, creating parent folders.
    @discardableResult
    func write(_ data: Data, to relativePath: String, in location: Location = .local) throws -> URL {
        let file = url(relativePath, in: location)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    @discardableResult
    func write(_ text: String, to relativePath: String, in location: Location = .local) throws -> URL {
        try write(Data(text.utf8), to: relativePath, in: location)
    }

    @discardableResult
    func directory(_ relativePath: String, in location: Location = .local) throws -> URL {
        let url = url(relativePath, in: location)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a file whose name is given as raw bytes (not necessarily
    /// UTF-8) directly inside a location's Documents folder.
    @discardableResult
    func writeFile(named name: [UInt8], contents: [UInt8], in location: Location = .local) throws -> RawPath {
        try FileSystem.createDirectory(documentsDirectory(location))
        let path = documentsDirectory(location).appending(RawPath(bytes: name))
        try RawFiles.write(contents, to: path)
        return path
    }

    func contents(_ relativePath: String, in location: Location = .local) throws -> String {
        try String(contentsOf: url(relativePath, in: location), encoding: .utf8)
    }

    func exists(_ relativePath: String, in location: Location = .local) -> Bool {
        (try? FileStatus.of(path(relativePath, in: location))) != nil
    }

    func catalog(registry: TypeRegistry = SystemTypes.registry) throws -> DocumentCatalog {
        try DocumentCatalog.isolated(home: home, registry: registry, trash: trash)
    }

    /// A fresh store on the home's catalog, as the next command opens it.
    var catalogStore: CatalogStore { CatalogStore(directory: home.catalogDirectory) }

    /// The file of `location`'s part of the catalog.
    func catalogDatabase(_ location: Location) -> URL {
        CatalogStore.databaseURL(of: location, in: home.catalogDirectory)
    }

    /// What a fresh store on the home's catalog holds for a location.
    func catalogEntries(_ location: Location) throws -> [RawPath: CatalogStore.Entry] {
        try catalogStore.entries(in: location, documentsDirectory: documentsDirectory(location))
    }
}

extension DocumentCatalog {
    /// A catalog that sees nothing of the machine's: no plugin places, an
    /// empty environment, and `trash` (by default `Trash` in the home).
    static func isolated(home: Home, registry: TypeRegistry = SystemTypes.registry, trash: Trash? = nil) throws -> DocumentCatalog {
        try DocumentCatalog(home: home, registry: registry, trash: trash ?? Trash(directory: RawPath(home.url.appending(path: "Trash"))),
                            plugins: PluginSearchPath(places: []), environment: [:])
    }
}

/// File operations on raw byte paths, for what Foundation cannot name.
enum RawFiles {
    /// Creates or truncates `path`, then writes `contents`, all through one
    /// descriptor: the directory holding it changes only if the file is new.
    static func write(_ contents: [UInt8], to path: RawPath) throws {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened (test)", errno: errno)) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw DocKitError(FileSystemError(path: path, operation: "cannot be written (test)", errno: errno)) }
    }

    /// Rewrites an existing file in place (no truncation, no rename): its
    /// inode stays, and no directory entry changes.
    static func overwriteInPlace(_ contents: [UInt8], at path: RawPath) throws {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened (test)", errno: errno)) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == contents.count else { throw DocKitError(FileSystemError(path: path, operation: "cannot be written (test)", errno: errno)) }
    }

    static func read(_ path: RawPath) throws -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened (test)", errno: errno)) }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer.prefix(count)
        }
        return result
    }
}

/// The file system's clock is coarse (often one kernel tick, a few
/// milliseconds), so two changes made quickly one after the other can
/// carry the same timestamp. Tests that need a later change to be seen as
/// later wait for the clock to move on first.
enum FileClock {
    /// Returns once a file touched now gets a later timestamp than any
    /// file changed before the call.
    static func waitForNextTick(probeIn directory: URL) throws {
        let probe = directory.appending(path: ".clock-probe-\(UUID().uuidString)")
        let path = RawPath(probe)
        try RawFiles.write([], to: path)
        defer { _ = path.withCString { unlink($0) } }
        let first = try #require(try FileStatus.of(path)).modificationTime
        for _ in 0..<10_000 {
            usleep(500)
            _ = path.withCString { utimensat(AT_FDCWD, $0, nil, 0) }
            if try #require(try FileStatus.of(path)).modificationTime > first { return }
        }
        Issue.record("the file system clock did not move on")
    }
}

/// Runs blocking work on dedicated threads (never on the cooperative
/// pool, which a blocked flock could starve) and waits for all of them.
enum BlockingThreads {
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for index in 0..<count {
                group.enter()
                let thread = Thread {
                    body(index)
                    group.leave()
                }
                thread.start()
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
    }
}

/// Documents made by hand, for the pure parts (queries, ordering).
enum DocumentFixtures {
    static func document(
        _ relativePath: String,
        type: String = "public.data",
        size: Int64 = 0,
        modified: TimeInterval = 1_700_000_000,
        location: Location = .local,
        displayName: String? = nil
    ) -> Document {
        let path = RawPath(relativePath)
        return Document(
            location: location, relativePath: path, path: RawPath("/docs/\(location)").appending(path),
            name: path.lastComponent.description, displayName: displayName ?? path.lastComponent.description, type: type,
            size: size, modificationDate: Date(timeIntervalSince1970: modified),
            isPackage: false, isFolder: false, isSymbolicLink: false, typeWasGuessed: false, states: []
        )
    }
}

/// Contents with a known signature, for content sniffing.
enum SniffFixtures {
    static func pdf(length: Int = 64) -> [UInt8] {
        let head = Array("%PDF-1.7\n%\u{e2}\u{e3}\n".utf8)
        return head + [UInt8](repeating: UInt8(ascii: " "), count: max(0, length - head.count))
    }

    static func png(length: Int = 64) -> [UInt8] {
        let head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        return head + [UInt8](repeating: 0, count: max(0, length - head.count))
    }
}

/// Errors seen on other threads, reported once they are done.
final class FailureLog: Sendable {
    private let failures = Mutex<[String]>([])
    func record(_ failure: String) { failures.withLock { $0.append(failure) } }
    var all: [String] { failures.withLock { $0 } }
}
