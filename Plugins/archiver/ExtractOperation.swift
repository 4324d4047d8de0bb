import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// `extract --archive FILE --staging DIR [limits] [--charset C]`
struct ExtractOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract an untrusted archive into an empty staging directory, or refuse it.",
        discussion: """
        Refused, naming the entry and the rule: absolute paths, '..' components, links whose \
        target leaves the archive, entries written through a link, hard links to outside, \
        device files, FIFOs and sockets, and archives past the limits (counted on the bytes \
        actually written). On refusal the staging directory is emptied.
        """,
        aliases: ["import"]
    )

    @Option(name: .long, help: "The archive to read.")
    var archive: String

    @Option(name: .long, help: "An empty directory that belongs to this run.")
    var staging: String

    @Option(name: .long, help: "Most entries accepted.")
    var maxEntries: Int = ExtractionLimits.standard.entries

    @Option(name: .long, help: "Most bytes written, in total.")
    var maxBytes: Int64 = ExtractionLimits.standard.bytes

    @Option(name: .long, help: "Highest ratio of written bytes to archive bytes for one entry.")
    var maxRatio: Int64 = ExtractionLimits.standard.ratio

    @Option(name: .long, help: "Charset of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    func run() throws {
        ArchiverCommand.prepareLocale()
        // The modes the archive asks for, not filtered by ours.
        umask(0)
        try EventStream.perform { events in
            let staging = try StagingDirectory(path: staging)
            do {
                let reader = try ArchiveReader(path: archive, charset: charset)
                let limits = ExtractionLimits(entries: maxEntries, bytes: maxBytes, ratio: maxRatio)
                var extractor = SafeExtractor(reader: reader, staging: staging, limits: limits, events: events)
                events.emit(try extractor.run())
            } catch {
                staging.removeContents()
                throw error
            }
        }
    }
}

struct ExtractionLimits {
    var entries: Int
    var bytes: Int64
    var ratio: Int64
    /// Small entries compress absurdly well (a file of zeros); only past
    /// this size does a ratio say "bomb".
    var ratioThreshold: Int64 = 1 << 20

    static let standard = ExtractionLimits(entries: 50_000, bytes: 8 << 30, ratio: 200)
}

struct ExtractResult: Encodable {
    let event = "result"
    var format: String
    var entries: Int
    var bytes: Int64
    var items: [String]
}

/// Reads entry after entry and writes each under the staging directory,
/// checking every rule before the first byte of the entry is written.
/// Symbolic links are made last, after every other entry, so that no
/// entry can be written through one.
struct SafeExtractor {
    let reader: ArchiveReader
    let staging: StagingDirectory
    let limits: ExtractionLimits
    let events: EventStream

    private var written: Int64 = 0
    private var symlinks = SymlinkTable()
    private var files: Set<EntryName> = []
    private var directories: [EntryName: (mode: mode_t, mtime: timespec?)] = [:]
    private var topLevel: [[UInt8]] = []
    private var topLevelSeen: Set<[UInt8]> = []
    private var linkTimes: [EntryName: timespec] = [:]
    private var throttle = ProgressThrottle()

    init(reader: ArchiveReader, staging: StagingDirectory, limits: ExtractionLimits, events: EventStream) {
        self.reader = reader
        self.staging = staging
        self.limits = limits
        self.events = events
    }

    mutating func run() throws(PluginFailure) -> ExtractResult {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while let entry = try reader.next() {
            guard reader.entriesRead <= limits.entries else {
                throw PluginFailure.refused(reader.lastName ?? "?", rule: "entry-count-limit", "the archive has more than \(limits.entries) entries")
            }
            try extract(entry, buffer: &buffer)
            if throttle.shouldEmit() {
                events.emit(ProgressEvent(bytes: reader.consumed, totalBytes: reader.size, entries: reader.entriesRead, totalEntries: nil, item: reader.lastName))
            }
        }
        try symlinks.checkEscapes()
        try makeSymlinks()
        try finishDirectories()
        return ExtractResult(format: reader.formatName, entries: reader.entriesRead, bytes: written, items: topLevel.map(displayName))
    }

    private mutating func extract(_ entry: OpaquePointer, buffer: inout [UInt8]) throws(PluginFailure) {
        guard let rawName = reader.name(of: entry) else {
            throw PluginFailure.invalid("\(reader.path): entry \(reader.entriesRead) has no name libarchive can read", rule: "undecodable-name")
        }
        let name = try EntryName(rawName)
        let type = archive_entry_filetype(entry)
        let hardlink = archive_entry_hardlink(entry).map(bytesOf)
        if name.isRoot {
            guard type == EntryType.directory else {
                throw PluginFailure.refused(name.original, rule: "empty-name", "only a directory may be named '.'")
            }
            return
        }
        if hardlink == nil {
            switch type {
            case EntryType.regular, EntryType.directory, EntryType.symbolicLink: break
            default:
                throw PluginFailure.refused(name.display, rule: "special-file", "\(EntryType.name(type)) entries are not allowed in an imported archive")
            }
        }
        for ancestor in name.ancestors where symlinks.contains(ancestor) {
            throw PluginFailure.refused(name.display, rule: "through-symlink", "it would be written through the link '\(ancestor.display)'")
        }
        if symlinks.contains(name) {
            throw PluginFailure.refused(name.display, rule: "through-symlink", "an earlier entry made it a link; writing it would follow that link")
        }
        if topLevelSeen.insert(name.components[0]).inserted { topLevel.append(name.components[0]) }

        let mtime: timespec? = archive_entry_mtime_is_set(entry) != 0
            ? timespec(tv_sec: archive_entry_mtime(entry), tv_nsec: archive_entry_mtime_nsec(entry)) : nil
        // setuid and setgid bits from a stranger's archive are dropped.
        let mode = mode_t(archive_entry_perm(entry)) & 0o1777

        if let hardlink {
            try makeHardLink(name, to: hardlink)
        } else if type == EntryType.directory {
            let descriptor = try staging.openDirectory(name, create: true) { created in
                if directories[created] == nil { directories[created] = (0o755, nil) }
            }
            close(descriptor)
            directories[name] = (mode, mtime)
        } else if type == EntryType.symbolicLink {
            let target = archive_entry_symlink(entry).map(bytesOf) ?? []
            guard !target.isEmpty else {
                throw PluginFailure.refused(name.display, rule: "symlink-escapes", "the link has no target")
            }
            if target.first == UInt8(ascii: "/") {
                throw PluginFailure.refused(name.display, rule: "symlink-escapes", "the link's target '\(displayName(target))' is an absolute path")
            }
            if files.contains(name) || directories[name] != nil {
                throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry of another kind has this name")
            }
            symlinks.add(name, target: target)
            if let mtime { linkTimes[name] = mtime }
        } else {
            try writeFile(name, entry: entry, mode: mode, mtime: mtime, buffer: &buffer)
        }
    }

    private mutating func parentDirectory(of name: EntryName) throws(PluginFailure) -> Int32 {
        try staging.openDirectory(name.parent, create: true) { created in
            if directories[created] == nil { directories[created] = (0o755, nil) }
        }
    }

    private mutating func writeFile(_ name: EntryName, entry: OpaquePointer, mode: mode_t, mtime: timespec?, buffer: inout [UInt8]) throws(PluginFailure) {
        if archive_entry_size_is_set(entry) != 0, Int64(archive_entry_size(entry)) > limits.bytes - written {
            throw PluginFailure.refused(name.display, rule: "total-size-limit", "its size would take the archive past \(limits.bytes) bytes")
        }
        let parent = try parentDirectory(of: name)
        defer { close(parent) }
        var descriptor = withCBytes(name.last) { openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        if descriptor < 0, errno == EEXIST {
            // A later copy of a file replaces the earlier one, as tar does;
            // anything else of that name stays and the entry is refused.
            guard StagingDirectory.type(of: name.last, in: parent) == EntryType.regular else {
                throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry of another kind has this name")
            }
            _ = withCBytes(name.last) { unlinkat(parent, $0, 0) }
            descriptor = withCBytes(name.last) { openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        }
        guard descriptor >= 0 else {
            throw PluginFailure.failed("\(name.display): cannot be created: \(String(cString: strerror(errno)))", entry: name.display)
        }
        defer { close(descriptor) }
        files.insert(name)
        let start = reader.consumed
        var entryBytes: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader.handle, $0.baseAddress!, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw reader.damaged() }
            entryBytes += Int64(count)
            written += Int64(count)
            guard written <= limits.bytes else {
                throw PluginFailure.refused(name.display, rule: "total-size-limit", "the archive expands past \(limits.bytes) bytes")
            }
            let consumed = max(reader.consumed - start, 1)
            if entryBytes > limits.ratioThreshold, entryBytes / consumed > limits.ratio {
                throw PluginFailure.refused(name.display, rule: "compression-ratio-limit", "it expands more than \(limits.ratio) times (a zip bomb?)")
            }
            var offset = 0
            while offset < count {
                let result = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, count - offset) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw PluginFailure.failed("\(name.display): cannot be written: \(String(cString: strerror(errno)))", entry: name.display)
                }
                offset += result
            }
        }
        fchmod(descriptor, mode)
        if let mtime {
            let times = [omitTime, mtime]
            futimens(descriptor, times)
        }
    }

    private mutating func makeHardLink(_ name: EntryName, to targetBytes: [UInt8]) throws(PluginFailure) {
        let target: EntryName
        do {
            target = try EntryName(targetBytes, role: "link target")
        } catch {
            throw PluginFailure.refused(name.display, rule: "hardlink-outside", "the hard link's target '\(displayName(targetBytes))' is outside the archive")
        }
        guard files.contains(target) else {
            throw PluginFailure.refused(name.display, rule: "hardlink-outside", "the hard link's target '\(target.display)' is not a file extracted before it")
        }
        let targetParent = try staging.openDirectory(target.parent, create: false)
        defer { close(targetParent) }
        let parent = try parentDirectory(of: name)
        defer { close(parent) }
        let result = withCBytes(target.last) { from in withCBytes(name.last) { to in linkat(targetParent, from, parent, to, 0) } }
        guard result == 0 else {
            let code = errno
            throw PluginFailure(kind: code == EEXIST ? .refused : .failed, rule: code == EEXIST ? "duplicate-entry" : nil, entry: name.display,
                                message: "entry '\(name.display)': the hard link cannot be made: \(String(cString: strerror(code)))")
        }
        files.insert(name)
    }

    private mutating func makeSymlinks() throws(PluginFailure) {
        for name in symlinks.order {
            let parent = try parentDirectory(of: name)
            defer { close(parent) }
            let target = symlinks.targets[name]!
            let result = withCBytes(target) { to in withCBytes(name.last) { symlinkat(to, parent, $0) } }
            guard result == 0 else {
                let code = errno
                throw PluginFailure(kind: code == EEXIST ? .refused : .failed, rule: code == EEXIST ? "duplicate-entry" : nil, entry: name.display,
                                    message: "entry '\(name.display)': the link cannot be made: \(String(cString: strerror(code)))")
            }
            if let mtime = linkTimes[name] {
                let times = [omitTime, mtime]
                _ = withCBytes(name.last) { utimensat(parent, $0, times, AT_SYMLINK_NOFOLLOW) }
            }
        }
    }

    /// Modes and times of directories last, deepest first: writing into a
    /// directory changes its time, and a read-only one could not be filled.
    private func finishDirectories() throws(PluginFailure) {
        for (name, attributes) in directories.sorted(by: { $0.key.components.count > $1.key.components.count }) {
            let parent = try staging.openDirectory(name.parent, create: false)
            defer { close(parent) }
            _ = withCBytes(name.last) { fchmodat(parent, $0, attributes.mode, 0) }
            if let mtime = attributes.mtime {
                let times = [omitTime, mtime]
                _ = withCBytes(name.last) { utimensat(parent, $0, times, AT_SYMLINK_NOFOLLOW) }
            }
        }
    }
}
