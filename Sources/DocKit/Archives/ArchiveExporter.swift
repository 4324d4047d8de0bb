#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes documents into an archive through an export plugin. The plugin
/// writes a hidden temporary beside the output, which is renamed into
/// place only when complete: FILE appears whole or not at all.
public struct ArchiveExporter: Sendable {
    public struct Options: Sendable, Hashable {
        public var format: ArchiveFormat
        public var level: Int?
        public var reproducible = false
        /// Replace an existing output (atomically).
        public var force = false

        public init(format: ArchiveFormat, level: Int? = nil, reproducible: Bool = false, force: Bool = false) {
            self.format = format
            self.level = level
            self.reproducible = reproducible
            self.force = force
        }
    }

    public struct Summary: Sendable, Hashable, Codable {
        public var output: String
        public var format: String
        public var entries: Int
        public var bytes: Int64
        public var archiveBytes: Int64
        /// Archive size over content size; below 1 means it compressed.
        public var ratio: Double
    }

    public var locator: any PluginLocator
    public var home: Home?
    public var timeLimit: Duration?

    public init(locator: any PluginLocator, home: Home?, timeLimit: Duration? = nil) {
        self.locator = locator
        self.home = home
        self.timeLimit = timeLimit
    }

    /// Where an archive goes.
    public enum Destination: Sendable, Hashable {
        /// A file, which appears whole or not at all.
        case file(RawPath)
        /// An open descriptor, such as standard output. The archive is
        /// written whole to a temporary first, so that a plugin failing
        /// part-way sends nothing down the pipe.
        case descriptor(Int32)
    }

    public func export(_ inputs: [RawPath], to output: RawPath, options: Options,
                       progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Summary {
        try await export(inputs, to: .file(output), options: options, progress: progress)
    }

    public func export(_ inputs: [RawPath], to destination: Destination, options: Options,
                       progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Summary {
        let directory: RawPath
        switch destination {
        case .file(let output):
            if !options.force, try FileStatus.of(output) != nil {
                throw ExportError.outputExists(path: output.description)
            }
            directory = output.deletingLastComponent.isEmpty ? RawPath(".") : output.deletingLastComponent
        case .descriptor:
            // The home's own temporary folder: private to its user, and
            // swept by recovery if this process dies.
            directory = RawPath(home?.temporaryDirectory ?? FileManager.default.temporaryDirectory)
            try? FileSystem.createDirectory(directory, mode: 0o700)
        }
        let folder = try FileStatus.of(directory)
        guard folder?.kind == .directory else {
            throw FileSystemError(path: directory, operation: "cannot hold the archive", errno: folder == nil ? ENOENT : ENOTDIR)
        }
        let service = try locator.service(.export, for: options.format.typeIdentifier)
        let identifier = home.map(OperationJournal.newIdentifier) ?? UUID().uuidString.lowercased()
        let temporary = directory.appending(FileSystem.temporaryPrefix + identifier + "." + options.format.name)
        // FILE may be anywhere, out of the reach of the sweep for orphaned
        // temporaries: a journal names the temporary, so that the next run
        // removes it if this process dies before renaming it into place.
        let journal = try home.map { try OperationJournal(home: $0, identifier: identifier, begin: .export(temporary: temporary)) }
        defer {
            _ = temporary.withCString { unlink($0) }
            journal?.finish()
        }
        var arguments = ["export", "--output", temporary.description, "--format", options.format.name]
        if let level = options.level { arguments += ["--level", String(level)] }
        if options.reproducible { arguments.append("--reproducible") }
        arguments.append("--")
        arguments += inputs.map(\.description)
        let outcome = try await PluginProcess(service: service, arguments: arguments, home: home, timeLimit: timeLimit)
            .run(progress: progress, onLaunch: journal.map { journal in { @Sendable in try journal.recordLaunch(of: $0) } })
        struct Result: Decodable { var entries: Int; var bytes: Int64; var archiveBytes: Int64 }
        let result: Result
        do {
            result = try outcome.decodeResult(Result.self)
        } catch {
            throw PluginError(plugin: service.identifier, reason: .garbledOutput(line: String(decoding: outcome.result.prefix(120), as: UTF8.self)))
        }
        guard try FileStatus.of(temporary)?.kind == .regular else {
            throw PluginError(plugin: service.identifier, reason: .exited(status: 0, diagnostic: "it reported success but wrote no archive"))
        }
        CrashPoint.reached("export-written")
        let written: String
        switch destination {
        case .file(let output):
            if options.force {
                let renamed = temporary.withCString { from in output.withCString { to in rename(from, to) } }
                guard renamed == 0 else { throw FileSystemError(path: output, operation: "cannot be replaced", errno: errno) }
            } else {
                try FileSystem.renameWithoutReplacing(temporary, to: output)
            }
            try FileSystem.synchronizeDirectory(directory)
            written = output.description
        case .descriptor(let descriptor):
            try Self.copy(temporary, to: descriptor)
            written = "-"
        }
        return Summary(output: written, format: options.format.name, entries: result.entries, bytes: result.bytes,
                       archiveBytes: result.archiveBytes,
                       ratio: result.bytes > 0 ? Double(result.archiveBytes) / Double(result.bytes) : 1)
    }

    /// The temporary is unlinked once open, so that nothing is left of it
    /// if the reader goes away (SIGPIPE) or the process is killed mid-copy.
    private static func copy(_ file: RawPath, to output: Int32) throws(FileSystemError) {
        let input = file.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw FileSystemError(path: file, operation: "cannot be read back", errno: errno) }
        defer { close(input) }
        _ = file.withCString { unlink($0) }
        try FileSystem.copyBytes(from: input, file, to: output, RawPath("-"))
    }
}
