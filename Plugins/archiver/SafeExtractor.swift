import ArchiveChecks
import CArchive
#if canImport(Glibc)
import Glibc
#endif

struct ExtractResult: Encodable {
    let event = "result"
    var format: String
    var entries: Int
    var bytes: Int64
    var items: [String]
    /// Files of a tar that a later entry of the same name replaced, as tar
    /// itself does (`tar -r` appends a newer copy); the launcher says so.
    var superseded: [String]
    /// Directories opened while extracting: grows with the archive's
    /// directories, not with entries times depth (tests watch it).
    var directoryOpens: Int
    /// Files whose data the second thread inflated (tests watch it).
    var sharedFiles: Int
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

    private let written = WrittenBytes()
    private let progress: ExtractionProgress
    private let copier: EntryDataCopier
    private var inflater: ParallelInflater?
    /// Bytes each thread has been given to inflate, the second's last.
    private var load: (own: Int64, shared: Int64) = (0, 0)
    private var sharedFiles = 0
    /// The sizes the entries so far declare, and the data the archive
    /// stores for them (less, for sparse files): the limits on the whole
    /// archive are judged on them here, in entry order, so the entry named
    /// is the same whichever thread writes it.
    private var declared: Int64 = 0
    private var declaredStored: Int64 = 0
    private var tree = PathTree()
    private let descriptors: DirectoryDescriptors
    private var symlinks = SymlinkTable()
    private var directoryAttributes: [Int: (mode: mode_t, mtime: timespec?)] = [:]
    private var topLevel: [[UInt8]] = []
    private var topLevelSeen: Set<[UInt8]> = []
    private var linkTimes: [Int: timespec] = [:]
    /// Files a later entry of the same name replaced, as tar does.
    private var superseded: [String] = []

    init(reader: ArchiveReader, staging: StagingDirectory, limits: ExtractionLimits, events: EventStream) {
        self.reader = reader
        self.staging = staging
        self.limits = limits
        self.events = events
        descriptors = DirectoryDescriptors(staging: staging)
        progress = ExtractionProgress(events: events, archiveBytes: reader.size)
        copier = EntryDataCopier(limits: limits, written: written, progress: progress)
    }

    mutating func run() throws(PluginFailure) -> ExtractResult {
        do {
            try extractEntries()
            try inflater?.finish()
        } catch {
            throw inflater?.failure(preceding: error, at: reader.entriesRead) ?? error
        }
        try symlinks.checkEscapes(in: tree)
        try makeSymlinks()
        descriptors.closeAll()
        try finishDirectories()
        return ExtractResult(format: reader.formatName, entries: reader.entriesRead, bytes: written.value,
                             items: topLevel.map(displayName), superseded: superseded, directoryOpens: descriptors.opened, sharedFiles: sharedFiles)
    }

    private mutating func extractEntries() throws(PluginFailure) {
        var checkedDirectory = false
        while let entry = try reader.next() {
            if !checkedDirectory {
                // libarchive has read the zip's central directory by now,
                // and nothing is written yet.
                checkedDirectory = true
                if archive_format(reader.handle) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP {
                    try ZipDirectoryCheck(limits: limits).check(path: reader.path)
                }
                if ParallelInflater.isWorthwhile(format: archive_format(reader.handle)) {
                    inflater = ParallelInflater(reader: try reader.reopened(), copier: copier)
                }
            }
            guard reader.entriesRead <= limits.entries else {
                throw PluginFailure.refused(reader.lastName ?? "?", rule: "entry-count-limit", "the archive has more than \(limits.entries) entries")
            }
            if let failure = inflater?.firstFailure { throw failure }
            try extract(entry)
            progress.report(consumed: reader.consumed, entries: reader.entriesRead, item: reader.lastName)
        }
    }

    private mutating func extract(_ entry: OpaquePointer) throws(PluginFailure) {
        guard let rawName = reader.name(of: entry) else {
            throw PluginFailure.invalid("entry \(reader.entriesRead) has no name libarchive can read", rule: "undecodable-name")
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
        guard name.components.count <= limits.depth else {
            throw PluginFailure.refused(name.display, rule: "depth-limit", "it lies \(name.components.count) directories deep, past the limit of \(limits.depth)")
        }
        if archive_entry_is_encrypted(entry) != 0 {
            throw reader.encrypted(name.display)
        }
        if hardlink == nil {
            switch type {
            case EntryType.regular, EntryType.directory, EntryType.symbolicLink: break
            default:
                throw PluginFailure.refused(name.display, rule: "special-file", "\(EntryType.name(type)) entries are not allowed in an imported archive")
            }
        }
        let node = tree.insert(name)
        if let blocking = tree.blockingAncestor(of: node) {
            let ancestor = tree.name(of: blocking).display
            if tree[blocking].kind == .symlink {
                throw PluginFailure.refused(name.display, rule: "through-symlink", "it would be written through the link '\(ancestor)'")
            }
            throw PluginFailure.refused(name.display, rule: "through-symlink", "'\(ancestor)' is not a directory the archive made; nothing is written through it")
        }
        if tree[node].kind == .symlink, type != EntryType.symbolicLink || hardlink != nil {
            throw PluginFailure.refused(name.display, rule: "through-symlink", "an earlier entry made it a link; writing it would follow that link")
        }
        if topLevelSeen.insert(name.components[0]).inserted { topLevel.append(name.components[0]) }

        let mtime: timespec? = archive_entry_mtime_is_set(entry) != 0
            ? timespec(tv_sec: archive_entry_mtime(entry), tv_nsec: archive_entry_mtime_nsec(entry)) : nil
        let mode = mode_t(archive_entry_perm(entry))

        if let hardlink {
            try makeHardLink(name, node: node, to: hardlink)
        } else if type == EntryType.directory {
            if let kind = tree[node].kind, kind != .directory {
                throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry of another kind has this name")
            }
            close(try descriptors.open(node, in: &tree, create: true))
            directoryAttributes[node] = (ImportedMode.directory(mode), mtime)
        } else if type == EntryType.symbolicLink {
            let target = archive_entry_symlink(entry).map(bytesOf) ?? []
            guard !target.isEmpty else {
                throw PluginFailure.refused(name.display, rule: "symlink-escapes", "the link has no target")
            }
            if target.first == UInt8(ascii: "/") {
                throw PluginFailure.refused(name.display, rule: "symlink-escapes", "the link's target '\(displayName(target))' is an absolute path")
            }
            if let kind = tree[node].kind, kind != .symlink {
                throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry of another kind has this name")
            }
            tree.setKind(.symlink, of: node)
            symlinks.add(node, target: target)
            if let mtime { linkTimes[node] = mtime }
        } else {
            try writeFile(name, rawName: rawName, node: node, entry: entry, mode: ImportedMode.file(mode), mtime: mtime)
        }
    }

    private mutating func parentDirectory(of node: Int) throws(PluginFailure) -> Int32 {
        try descriptors.open(tree[node].parent, in: &tree, create: true)
    }

    private mutating func writeFile(_ name: EntryName, rawName: [UInt8], node: Int, entry: OpaquePointer, mode: mode_t, mtime: timespec?) throws(PluginFailure) {
        let size = archive_entry_size_is_set(entry) != 0 ? Int64(archive_entry_size(entry)) : nil
        if let size {
            if size > limits.bytes - max(written.value, declared) {
                throw PluginFailure.refused(name.display, rule: "total-size-limit", "its size would take the archive past \(limits.bytes) bytes")
            }
            declared += size
            declaredStored += Self.storedSize(of: entry, size: size)
            if declaredStored > limits.totalRatioThreshold, limits.exceedsRatio(written: declaredStored, consumed: reader.size) {
                throw PluginFailure.refused(name.display, rule: "compression-ratio-limit",
                                            "the archive would expand to \(declaredStored) bytes, more than \(limits.ratio) times its own \(reader.size) (a zip bomb?)")
            }
        }
        if let kind = tree[node].kind, kind != .file {
            throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry of another kind has this name")
        }
        let parent = try parentDirectory(of: node)
        defer { close(parent) }
        if tree[node].kind == .file {
            try replaceEarlierCopy(name, in: parent)
        }
        let descriptor = withCBytes(name.last) { openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw PluginFailure.failed("\(name.display): cannot be created: \(String(cString: strerror(errno)))", entry: name.display)
        }
        tree.setKind(.file, of: node)
        let file = EntryDataCopier.File(display: name.display, descriptor: descriptor, mode: mode, mtime: mtime,
                                        sparseSize: archive_entry_sparse_count(entry) > 0 ? size : nil)
        // Shared out by size, so that both threads inflate about as much.
        if let inflater, let size, load.shared <= load.own {
            load.shared += size
            sharedFiles += 1
            inflater.submit(ParallelInflater.Job(entryNumber: reader.entriesRead, rawName: rawName, file: file))
            return
        }
        defer { close(descriptor) }
        load.own += size ?? 0
        try copier.copy(from: reader, into: file)
    }

    /// The bytes the archive stores for an entry of `size` bytes: the
    /// data of its sparse map when it has one (GNU or pax sparse tar),
    /// else all of it.
    private static func storedSize(of entry: OpaquePointer, size: Int64) -> Int64 {
        guard archive_entry_sparse_reset(entry) > 0 else { return size }
        var stored: Int64 = 0
        var offset: la_int64_t = 0
        var length: la_int64_t = 0
        while archive_entry_sparse_next(entry, &offset, &length) == ARCHIVE_OK {
            stored += max(0, min(Int64(length), size))
        }
        return min(stored, size)
    }

    /// A tar appended to (`tar -r`, `tar -u`) holds a newer copy of a file
    /// after the older, and every tar tool keeps the last: so does this,
    /// and names it in the result. A zip or 7z does not mean it, and
    /// libarchive reads a pax name in NFC and NFD as one (café.txt twice),
    /// where one of two different files would go: those are refused. Only
    /// a printable ASCII name is taken as one name written twice (and so
    /// may be shown in the launcher's note as it is).
    private mutating func replaceEarlierCopy(_ name: EntryName, in parent: Int32) throws(PluginFailure) {
        guard archive_format(reader.handle) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_TAR,
              name.components.allSatisfy({ $0.allSatisfy { (0x20..<0x7F).contains($0) } }) else {
            throw PluginFailure.refused(name.display, rule: "duplicate-entry",
                                        "the archive holds two files of this name (or two spellings Unicode treats as one); one would be lost")
        }
        guard withCBytes(name.last, { unlinkat(parent, $0, 0) }) == 0 else {
            throw PluginFailure.failed("\(name.display): the earlier copy cannot be replaced: \(String(cString: strerror(errno)))", entry: name.display)
        }
        if !superseded.contains(name.display) { superseded.append(name.display) }
    }

    private mutating func makeHardLink(_ name: EntryName, node: Int, to targetBytes: [UInt8]) throws(PluginFailure) {
        let target: EntryName
        do {
            target = try EntryName(targetBytes, role: "link target")
        } catch {
            throw PluginFailure.refused(name.display, rule: "hardlink-outside", "the hard link's target '\(displayName(targetBytes))' is outside the archive")
        }
        guard let targetNode = tree.lookup(target), tree[targetNode].kind == .file else {
            throw PluginFailure.refused(name.display, rule: "hardlink-outside", "the hard link's target '\(target.display)' is not a file extracted before it")
        }
        if tree[node].kind != nil {
            throw PluginFailure.refused(name.display, rule: "duplicate-entry", "an earlier entry has this name")
        }
        let targetParent = try descriptors.open(tree[targetNode].parent, in: &tree, create: false)
        defer { close(targetParent) }
        let parent = try parentDirectory(of: node)
        defer { close(parent) }
        let result = withCBytes(target.last) { from in withCBytes(name.last) { to in linkat(targetParent, from, parent, to, 0) } }
        guard result == 0 else {
            let code = errno
            throw PluginFailure(kind: code == EEXIST ? .refused : .failed, rule: code == EEXIST ? "duplicate-entry" : nil, entry: name.display,
                                message: "entry '\(name.display)': the hard link cannot be made: \(String(cString: strerror(code)))")
        }
        tree.setKind(.file, of: node)
    }

    private mutating func makeSymlinks() throws(PluginFailure) {
        for node in symlinks.order {
            guard let target = symlinks.targets[node] else { continue }
            let parent = try parentDirectory(of: node)
            defer { close(parent) }
            let last = tree[node].component
            let result = withCBytes(target) { to in withCBytes(last) { symlinkat(to, parent, $0) } }
            guard result == 0 else {
                let code = errno
                let name = tree.name(of: node).display
                throw PluginFailure(kind: code == EEXIST ? .refused : .failed, rule: code == EEXIST ? "duplicate-entry" : nil, entry: name,
                                    message: "entry '\(name)': the link cannot be made: \(String(cString: strerror(code)))")
            }
            if let mtime = linkTimes[node] {
                let times = [omitTime, mtime]
                _ = withCBytes(last) { utimensat(parent, $0, times, AT_SYMLINK_NOFOLLOW) }
            }
        }
    }

    /// Modes and times of directories last, children before parents:
    /// writing into a directory changes its time, and a read-only one
    /// could not be filled. The walk holds one descriptor whatever the
    /// depth, climbing back through `..` (never a link).
    private mutating func finishDirectories() throws(PluginFailure) {
        var current = dup(staging.descriptor)
        guard current >= 0 else { throw PluginFailure.failed("\(staging.path): \(String(cString: strerror(errno)))") }
        defer { close(current) }
        var stack: [(node: Int, children: [Int], next: Int)] = [(PathTree.root, tree.directoryChildren(of: PathTree.root), 0)]
        while let top = stack.last {
            if top.next < top.children.count {
                stack[stack.count - 1].next += 1
                let child = top.children[top.next]
                let opened = withCBytes(tree[child].component) { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                guard opened >= 0 else {
                    throw PluginFailure.failed("\(tree.name(of: child).display): cannot be opened: \(String(cString: strerror(errno)))")
                }
                close(current)
                current = opened
                stack.append((child, tree.directoryChildren(of: child), 0))
                continue
            }
            stack.removeLast()
            guard !stack.isEmpty else { break }
            let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard parent >= 0 else {
                throw PluginFailure.failed("\(tree.name(of: top.node).display): cannot climb back: \(String(cString: strerror(errno)))")
            }
            let attributes = directoryAttributes[top.node] ?? (ImportedMode.directory(0o755), nil)
            fchmod(current, attributes.mode)
            if let mtime = attributes.mtime {
                let times = [omitTime, mtime]
                futimens(current, times)
            }
            close(current)
            current = parent
        }
    }
}
