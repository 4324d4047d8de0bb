#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Extracts an untrusted archive in the import plugin's process, into a
/// fresh staging directory under `<home>/tmp`. The caller moves the staged
/// items into place and then removes the staging directory; on any
/// failure it is removed here and nothing else was touched.
public struct ArchiveExtractor: Sendable {
    public struct Limits: Sendable, Hashable {
        public var entries = 50_000
        public var bytes: Int64 = 8 << 30
        public var ratio: Int64 = 200

        public init(entries: Int = 50_000, bytes: Int64 = 8 << 30, ratio: Int64 = 200) {
            self.entries = entries
            self.bytes = bytes
            self.ratio = ratio
        }
    }

    public struct Staged: Sendable, Hashable {
        /// The staging directory; remove it when done.
        public var directory: RawPath
        /// Its top-level entries: what would become documents.
        public var items: [RawPath]
        public var entries: Int
        public var bytes: Int64
    }

    public var locator: any PluginLocator
    public var home: Home
    public var limits: Limits
    public var charset: String?
    public var timeLimit: Duration?

    public init(locator: any PluginLocator, home: Home, limits: Limits = Limits(), charset: String? = nil, timeLimit: Duration? = nil) {
        self.locator = locator
        self.home = home
        self.limits = limits
        self.charset = charset
        self.timeLimit = timeLimit
    }

    public func extract(_ archive: RawPath, type typeIdentifier: String,
                        progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Staged {
        let service = try locator.service(.import, for: typeIdentifier)
        let temporary = RawPath(home.temporaryDirectory)
        try FileSystem.createDirectory(temporary, mode: 0o700)
        let staging = temporary.appending(FileSystem.temporaryPrefix + "import-" + UUID().uuidString)
        try FileSystem.createNewDirectory(staging, mode: 0o700)
        do {
            var arguments = ["extract", "--archive", archive.description, "--staging", staging.description,
                             "--max-entries", String(limits.entries), "--max-bytes", String(limits.bytes), "--max-ratio", String(limits.ratio)]
            if let charset { arguments += ["--charset", charset] }
            let outcome = try await PluginProcess(service: service, arguments: arguments, home: home, timeLimit: timeLimit).run(progress: progress)
            struct Result: Decodable { var entries: Int; var bytes: Int64 }
            let result = try outcome.decodeResult(Result.self)
            let items = try DirectoryReader.names(in: staging).sorted().map { staging.appending($0) }
            return Staged(directory: staging, items: items, entries: result.entries, bytes: result.bytes)
        } catch {
            Self.remove(staging)
            throw error
        }
    }

    /// Removes a staging directory and everything in it, following no link.
    public static func remove(_ directory: RawPath) {
        guard let status = try? FileStatus.of(directory) else { return }
        if status.kind == .directory {
            _ = directory.withCString { chmod($0, 0o700) }
            for name in (try? DirectoryReader.names(in: directory)) ?? [] { remove(directory.appending(name)) }
            _ = directory.withCString { rmdir($0) }
        } else {
            _ = directory.withCString { unlink($0) }
        }
    }
}
