#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes documents into an archive through an export plugin. The plugin
/// writes a hidden temporary beside the output, which is renamed into
/// place only when complete: FILE appears whole or not at all.
public struct ArchiveExporter: Sendable {
    /// How to write the archive.
    public struct Options: Sendable, Hashable {
        /// The format to write, passed to the plugin as `--format`.
        public var format: ArchiveFormat
        /// The compression level passed as `--level`; `nil` leaves it to the plugin.
        /// The bundled archiver takes ``ArchiveFormat/compressionLevels``.
        public var level: Int?
        /// Passes `--reproducible`, asking the plugin for the same bytes from the same inputs.
        public var reproducible = false
        /// Replace an existing output (atomically).
        public var force = false

        /// Creates export options.
        ///
        /// - Parameters:
        ///   - format: The format to write.
        ///   - level: The compression level, or `nil` for the plugin's default.
        ///   - reproducible: Whether to ask for reproducible output.
        ///   - force: Whether to replace an existing output file.
        public init(format: ArchiveFormat, level: Int? = nil, reproducible: Bool = false, force: Bool = false) {
            self.format = format
            self.level = level
            self.reproducible = reproducible
            self.force = force
        }
    }

    /// What an export wrote, as the plugin reported it.
    public struct Summary: Sendable, Hashable, Codable {
        /// The path written, or `-` for a descriptor.
        public var output: String
        /// The format's name, such as `tar.gz`.
        public var format: String
        /// How many entries the archive holds.
        public var entries: Int
        /// The total size of the content archived, in bytes.
        public var bytes: Int64
        /// The size of the archive written, in bytes.
        public var archiveBytes: Int64
        /// Archive size over content size; below 1 means it compressed.
        public var ratio: Double
    }

    /// Finds the plugin offering the export service for the format's type.
    public var locator: any PluginLocator
    /// The home whose journal records the temporary so recovery removes it after a crash;
    /// `nil` runs without a journal.
    public var home: Home?
    /// The app's environment, of which the plugin gets only `HOME`.
    public var environment: [String: String]
    /// How long the plugin may run before it is stopped; `nil` takes the service's own
    /// limit, else `PluginProcess.defaultTimeLimit`.
    public var timeLimit: Duration?
    /// How long the plugin may go without an event, and how much processor time it may use.
    public var watchdog: PluginWatchdog

    /// Creates an exporter.
    ///
    /// - Parameters:
    ///   - locator: Finds the export plugin for a format.
    ///   - home: The home to journal in and take temporaries from, or `nil`.
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    ///   - timeLimit: How long the plugin may run, or `nil` for the service's or the default limit.
    ///   - watchdog: How long the plugin may go without an event, and how much processor time it may use.
    public init(locator: any PluginLocator, home: Home?, environment: [String: String], timeLimit: Duration? = nil,
                watchdog: PluginWatchdog = .standard) {
        self.locator = locator
        self.home = home
        self.environment = environment
        self.timeLimit = timeLimit
        self.watchdog = watchdog
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

    /// Writes `inputs` into an archive file at `output`, which appears whole or not at all.
    ///
    /// - Parameters:
    ///   - inputs: The files and directories to archive, passed to the plugin as they are.
    ///   - output: The archive's path.
    ///   - options: The format, level and whether to replace an existing file.
    ///   - progress: Called with each progress report the plugin sends.
    /// - Returns: What was written.
    /// - Throws: ``DocKitError/Code/alreadyExists`` when `output` exists and
    ///   `options.force` is off; ``DocKitError/Code/fileSystem`` when the output's directory is
    ///   missing or the archive cannot be moved into place; ``DocKitError/Code/pluginFailed`` when no
    ///   plugin exports the format, or it fails, times out, or writes no archive.
    public func export(_ inputs: [RawPath], to output: RawPath, options: Options,
                       progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Summary {
        try await export(inputs, to: .file(output), options: options, progress: progress)
    }

    /// Writes `inputs` into an archive at `destination`. A file appears whole or
    /// not at all; a descriptor receives the archive only after it is complete.
    ///
    /// - Parameters:
    ///   - inputs: The files and directories to archive, passed to the plugin as they are.
    ///   - destination: A file path, or an open descriptor such as standard output.
    ///   - options: The format, level and whether to replace an existing file.
    ///   - progress: Called with each progress report the plugin sends.
    /// - Returns: What was written; its `output` is `-` for a descriptor.
    /// - Throws: ``DocKitError/Code/alreadyExists`` when the file exists and
    ///   `options.force` is off; ``DocKitError/Code/fileSystem`` when the directory is missing or
    ///   the archive cannot be moved or copied into place; ``DocKitError/Code/pluginFailed`` when no
    ///   plugin exports the format, or it fails, times out, or writes no archive.
    public func export(_ inputs: [RawPath], to destination: Destination, options: Options,
                       progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Summary {
        let directory: RawPath
        switch destination {
        case .file(let output):
            if !options.force, try FileStatus.of(output) != nil {
                throw DocKitError(ExportError.outputExists(path: output.description))
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
            throw DocKitError(FileSystemError(path: directory, operation: "cannot hold the archive", errno: folder == nil ? ENOENT : ENOTDIR))
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
        let writtenFormat = service.identifier == BundledArchiverLocator.identifier ? options.format.bundledFormat ?? options.format : options.format
        var arguments = ["export", "--output", temporary.description, "--format", writtenFormat.name]
        if let level = options.level { arguments += ["--level", String(level)] }
        if options.reproducible { arguments.append("--reproducible") }
        arguments.append("--")
        arguments += inputs.map(\.description)
        struct Result: Decodable { var entries: Int; var bytes: Int64; var archiveBytes: Int64 }
        let result: Result
        do {
            let outcome = try await PluginProcess(service: service, arguments: arguments, home: home, environment: environment,
                                                    timeLimit: timeLimit, watchdog: watchdog)
                .run(progress: progress, onLaunch: journal.map { journal in { @Sendable in try journal.recordLaunch(of: $0) } })
            do {
                result = try outcome.decodeResult(Result.self)
            } catch {
                throw DocKitError(PluginError(plugin: service.identifier, reason: .garbledOutput(line: String(decoding: outcome.result.prefix(120), as: UTF8.self))))
            }
            guard try FileStatus.of(temporary)?.kind == .regular else {
                throw DocKitError(PluginError(plugin: service.identifier, reason: .exited(status: 0, diagnostic: "it reported success but wrote no archive")))
            }
        } catch let error as DocKitError where error.failure is PluginError {
            guard var failure = error.failure as? PluginError else { throw error }
            // The launcher's own verdicts (crashed, stopped, garbled) name
            // FILE, as an import's name its archive; a plugin's error event
            // names what it names.
            if case .file(let output) = destination, failure.file == nil {
                if case .reported = failure.reason {} else { failure.file = output.description }
            }
            throw DocKitError(failure)
        }
        CrashPoint.reached("export-written")
        let written: String
        switch destination {
        case .file(let output):
            if options.force {
                let renamed = temporary.withCString { from in output.withCString { to in rename(from, to) } }
                guard renamed == 0 else { throw DocKitError(FileSystemError(path: output, operation: "cannot be replaced", errno: errno)) }
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
    private static func copy(_ file: RawPath, to output: Int32) throws(DocKitError) {
        let input = file.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw DocKitError(FileSystemError(path: file, operation: "cannot be read back", errno: errno)) }
        defer { close(input) }
        _ = file.withCString { unlink($0) }
        try FileSystem.copyBytes(from: input, file, to: output, RawPath("-"))
    }
}
