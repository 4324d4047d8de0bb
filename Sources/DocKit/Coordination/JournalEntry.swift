/// One line of an operation's journal. The first says what the operation
/// will do, with every temporary name chosen in advance; the later ones
/// record the facts recovery cannot read off the disk.
package struct JournalEntry: Codable, Sendable, Hashable {
    enum Step: String, Codable, Sendable {
        /// `operation` is set.
        case begin
        /// The copy at the staged name is complete and flushed; `inode` is
        /// its inode, which tells recovery whether it was already
        /// exchanged or renamed away.
        case copied
        /// A move's destination name changed ("Name 2.ext"): `destination`.
        case retarget
        /// The displaced document of a replace, or the deleted one, is
        /// going to the Trash: `trash` says what and from where.
        case trashBegin
        /// About to claim `trashName` in the Trash with an O_EXCL
        /// `.trashinfo`.
        case reserving
        /// The Trash copy (across file systems) is complete: `inode`.
        case trashCopied
        /// The move gave up before publishing anything; undo it. For an
        /// import: it failed after placing some items; take them back.
        case abandoned
        /// An import's items are all staged and their names chosen:
        /// `placements`. From here recovery finishes the import.
        case committed
        /// An import placed `placements[index]`, now at `inode`.
        case placed
        /// A plugin that writes into the operation's temporary is about to
        /// run: `process`, which leads a process group of its own. Recovery
        /// stops that group before it removes the temporary.
        case launched
    }

    var step: Step
    var operation: JournalOperation?
    var destination: RawPath?
    var inode: UInt64?
    var trash: TrashRequest?
    var trashName: RawPath?
    var placements: [ImportPlacement]?
    var index: Int?
    var process: ProcessIdentity?

    init(_ step: Step, operation: JournalOperation? = nil, destination: RawPath? = nil, inode: UInt64? = nil, trash: TrashRequest? = nil, trashName: RawPath? = nil,
         placements: [ImportPlacement]? = nil, index: Int? = nil, process: ProcessIdentity? = nil) {
        self.step = step
        self.process = process
        self.placements = placements
        self.index = index
        self.operation = operation
        self.destination = destination
        self.inode = inode
        self.trash = trash
        self.trashName = trashName
    }
}

/// What a journaled operation is, with the names of its temporaries.
enum JournalOperation: Codable, Sendable, Hashable {
    /// `replace` uses RENAME_EXCHANGE and sends what was at `destination`
    /// to the Trash. `staged` is nil within one file system.
    case move(source: RawPath, destination: RawPath, staged: RawPath?, retired: RawPath, sourceInode: UInt64, destinationInode: UInt64?)
    case trash(TrashRequest)
    case remove(item: RawPath, retired: RawPath, inode: UInt64)
    /// Items staged in `staging`, a folder of the home's tmp, become
    /// documents; what they are and where they go is `committed` later.
    case `import`(staging: RawPath)
    /// An archive is being written at `temporary`, renamed into place only
    /// when whole.
    case export(temporary: RawPath)
    /// A copy for an app ("Open in…", `inbox --accept` across file
    /// systems) is being made at `temporary`, renamed into place only
    /// when whole.
    case delivery(temporary: RawPath)
    /// A package's conflict is resolved: the version kept is built whole
    /// at `staged`, then exchanged with `package`, and the package as it
    /// was, with every version inside it, goes to the Trash.
    case resolution(package: RawPath, staged: RawPath, packageInode: UInt64)
    /// The Trash's `item` (inode `inode`) is moved to `destination` under
    /// a journal of its own, then its `.trashinfo`, `info`, is removed.
    case restore(item: RawPath, info: RawPath, destination: RawPath, inode: UInt64)
}

/// One staged item of an import and the name it takes.
struct ImportPlacement: Codable, Sendable, Hashable {
    var staged: RawPath
    var stagedInode: UInt64
    var destination: RawPath
    var replace: Bool
}

/// An item to put in the Trash: it is at `item` now, and the Trash should
/// remember it as `originalPath` (they differ for a replaced document,
/// which is exchanged out of its name first).
struct TrashRequest: Codable, Sendable, Hashable {
    var item: RawPath
    var originalPath: RawPath
    var inode: UInt64
    /// Where a copy across file systems is assembled, in the Trash folder.
    var staged: RawPath
    /// The hidden name the item takes beside itself before removal.
    var retired: RawPath
    /// The Trash it goes to, when not the home's: a mounted file system's
    /// own (``VolumeTrash``). Absent from journals written before.
    var trashDirectory: RawPath?
    var trashTopDirectory: RawPath?

    /// The Trash the request names, else `home`.
    func trash(or home: Trash) -> Trash {
        guard let trashDirectory else { return home }
        return Trash(directory: trashDirectory, topDirectory: trashTopDirectory)
    }
}

extension TrashRequest {
    /// Temporaries named after the operation's journal, so that recovery
    /// can trace them.
    init(item: RawPath, originalPath: RawPath, inode: UInt64, trash: Trash, identifier: String, role: String) {
        self.init(
            item: item,
            originalPath: originalPath,
            inode: inode,
            staged: trash.temporary(identifier: identifier),
            retired: OperationJournal.temporary(beside: item, identifier: identifier, role: role),
            trashDirectory: trash.directory,
            trashTopDirectory: trash.topDirectory
        )
    }
}
