import ArchiveChecks
import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

extension ArchiveFormat: ExpressibleByArgument {}

/// `export --output FILE [--format F] [--level N] [--reproducible] INPUT...`
struct ExportOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write INPUTs (files, packages, folders) into a new archive.",
        discussion: """
        Each INPUT becomes one top-level entry under its own name; directories are stored \
        with everything in them, symbolic links as links. --reproducible stores entries in \
        byte order with owner 0:0 and no archive-level timestamps (file times are kept), \
        so identical input gives identical bytes.
        """
    )

    @Option(name: .long, help: "The archive to create; it must not exist.")
    var output: String

    @Option(name: .long, help: "zip, tar, tar.gz, tar.bz2, tar.xz, tar.zst or 7z.")
    var format: ArchiveFormat = .zip

    @Option(name: .long, help: "Compression level (0 stores, for zip).")
    var level: Int?

    @Flag(name: .long, help: "Byte-identical output for identical input.")
    var reproducible = false

    @Argument(help: "Files, packages and folders to store.")
    var inputs: [String]

    func validate() throws {
        if let level {
            guard let levels = format.levels else { throw ValidationError("--level does not apply to \(format.rawValue)") }
            guard levels.contains(level) else {
                throw ValidationError("--level for \(format.rawValue) is \(levels.lowerBound) to \(levels.upperBound)")
            }
        }
    }

    func run() throws {
        ArchiverCommand.prepareLocale()
        if reproducible {
            // zip's DOS dates are local times; a fixed zone keeps them
            // equal on every machine. The exact UTC time is stored too.
            setenv("TZ", "UTC", 1)
            tzset()
        }
        try EventStream.perform { events in
            var inputs = self.inputs.map { Array($0.utf8) }
            if reproducible { inputs.sort { $0.lexicographicallyPrecedes($1) } }
            let items = try SourceTree.collect(inputs)
            let summary = try ArchiveWriter(format: format, level: level, reproducible: reproducible, events: events)
                .write(items, to: Array(output.utf8))
            events.emit(summary)
        }
    }
}

struct ExportResult: Encodable {
    let event = "result"
    var format: String
    var entries: Int
    var bytes: Int64
    var archiveBytes: Int64
}

struct ProgressEvent: Encodable {
    let event = "progress"
    var bytes: Int64
    var totalBytes: Int64?
    var entries: Int
    var totalEntries: Int?
    var item: String?
}

/// Streams source items into a new archive file.
struct ArchiveWriter {
    var format: ArchiveFormat
    var level: Int?
    var reproducible: Bool
    var events: EventStream

    func write(_ items: [SourceItem], to output: [UInt8]) throws(PluginFailure) -> ExportResult {
        let descriptor = withCBytes(output) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else {
            let code = errno
            throw PluginFailure(kind: code == EEXIST ? .conflict : .failed, rule: nil, entry: nil,
                                message: "\(displayName(output)): cannot be created: \(String(cString: strerror(code)))")
        }
        var finished = false
        defer {
            close(descriptor)
            if !finished { _ = withCBytes(output) { unlink($0) } }
        }
        var progress = ExportProgress(items: items, events: events)
        progress.start()
        if format == .zip {
            var writer = ZipStreamWriter(level: level ?? 6, reproducible: reproducible,
                                         output: OutputFile(descriptor: descriptor, path: output))
            try writer.write(items, progress: &progress)
        } else {
            try writeWithLibarchive(items, to: descriptor, named: output, progress: &progress)
        }
        try progress.keepingAlive { () throws(PluginFailure) in
            guard fsync(descriptor) == 0 else {
                throw PluginFailure.failed("\(displayName(output)): cannot be flushed: \(String(cString: strerror(errno)))")
            }
        }
        progress.finish()
        var status = stat()
        fstat(descriptor, &status)
        finished = true
        return ExportResult(format: format.rawValue, entries: items.count, bytes: progress.totalBytes, archiveBytes: Int64(status.st_size))
    }

    private func writeWithLibarchive(_ items: [SourceItem], to descriptor: Int32, named output: [UInt8],
                                     progress: inout ExportProgress) throws(PluginFailure) {
        guard let archive = archive_write_new() else { throw PluginFailure.failed("libarchive: out of memory") }
        defer { archive_write_free(archive) }
        try format.configure(archive, level: level, reproducible: reproducible)
        guard archive_write_open_fd(archive, descriptor) == ARCHIVE_OK else {
            throw PluginFailure.failed("\(displayName(output)): \(archiveErrorString(archive))")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        for item in items {
            try writeHeader(item, to: archive)
            if item.type == EntryType.regular {
                try copyContents(of: item, to: archive, buffer: &buffer) { written in
                    progress.wrote(written, of: item)
                }
            }
            progress.finishedEntry()
        }
        try progress.keepingAlive { () throws(PluginFailure) in
            guard archive_write_close(archive) == ARCHIVE_OK else {
                throw PluginFailure.failed("\(displayName(output)): \(archiveErrorString(archive))")
            }
        }
    }

    private func writeHeader(_ item: SourceItem, to archive: OpaquePointer) throws(PluginFailure) {
        guard let entry = archive_entry_new() else { throw PluginFailure.failed("libarchive: out of memory") }
        defer { archive_entry_free(entry) }
        withCBytes(item.name) { archive_entry_copy_pathname(entry, $0) }
        archive_entry_set_filetype(entry, item.type)
        archive_entry_set_perm(entry, mode_t(item.status.st_mode) & 0o7777)
        archive_entry_set_mtime(entry, item.status.st_mtim.tv_sec, item.status.st_mtim.tv_nsec)
        if reproducible {
            archive_entry_set_uid(entry, 0)
            archive_entry_set_gid(entry, 0)
        } else {
            archive_entry_set_uid(entry, la_int64_t(item.status.st_uid))
            archive_entry_set_gid(entry, la_int64_t(item.status.st_gid))
        }
        switch item.type {
        case EntryType.regular:
            archive_entry_set_size(entry, la_int64_t(item.status.st_size))
        case EntryType.symbolicLink:
            withCBytes(item.linkTarget ?? []) { archive_entry_copy_symlink(entry, $0) }
            archive_entry_set_size(entry, 0)
        default:
            archive_entry_set_size(entry, 0)
        }
        let status = archive_write_header(archive, entry)
        guard status >= ARCHIVE_WARN else {
            throw PluginFailure.failed("\(displayName(item.path)): cannot be stored: \(archiveErrorString(archive))", entry: displayName(item.name))
        }
        if status == ARCHIVE_WARN {
            // A warning here means a name or link that the format could not
            // represent exactly; a shared archive must not silently differ.
            throw PluginFailure.failed("\(displayName(item.path)): \(archiveErrorString(archive))", entry: displayName(item.name))
        }
    }

    private func copyContents(of item: SourceItem, to archive: OpaquePointer, buffer: inout [UInt8], progress: (Int64) -> Void) throws(PluginFailure) {
        let descriptor = withCBytes(item.path) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw PluginFailure.failed("\(displayName(item.path)): cannot be read: \(String(cString: strerror(errno)))", entry: displayName(item.name))
        }
        defer { close(descriptor) }
        var remaining = Int64(item.status.st_size)
        while remaining > 0 {
            let wanted = Int(min(Int64(buffer.count), remaining))
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count == 0 ? "it shrank while being archived" : String(cString: strerror(errno))
                throw PluginFailure.failed("\(displayName(item.path)): cannot be read: \(reason)", entry: displayName(item.name))
            }
            let written = buffer.withUnsafeBytes { archive_write_data(archive, $0.baseAddress!, count) }
            guard written == count else {
                throw PluginFailure.failed("\(displayName(item.path)): cannot be stored: \(archiveErrorString(archive))", entry: displayName(item.name))
            }
            remaining -= Int64(count)
            progress(Int64(count))
        }
    }
}
