import Foundation

/// Finds the documents of a location as they are on disk now, reusing
/// what the catalog knows about entries that have not changed: a file
/// whose size, times and inode are the same keeps its type (no sniffing
/// again), and a package none of whose directories changed is not walked.
struct DocumentScanner: Sendable {
    /// The Documents folders scanned.
    public let locations: DocumentLocations
    /// Types new and changed entries; a different registry makes every entry typed again.
    public let registry: TypeRegistry
    let catalog: CatalogStore
    /// How recent a change must be for an entry to be examined again next
    /// time even if its signature is unchanged. Two seconds covers the
    /// coarsest clocks in use (FAT's); ext4, XFS and btrfs tick in
    /// nanoseconds, so little is ever examined twice.
    var racyWindow: Int64 = 2_000_000_000
    /// Cloud documents changed more recently than this are incomplete.
    let quietPeriod: QuietPeriod
    /// The library's Trash, where a package that lost most of its tree
    /// may still be whole (``hasLostMostOfItsTree(_:in:package:previous:status:isSettled:)``).
    var trash: Trash
    /// Asked once per scan of the cloud location: a document any file of
    /// which the engine still needs is incomplete.
    let engines: SyncEngines?
    /// Each write is one transaction; in WAL mode a commit costs no sync.
    static let changesWrittenTogether = 4096

    /// Creates a scanner.
    ///
    /// - Parameters:
    ///   - locations: The Documents folders.
    ///   - registry: The type registry.
    ///   - catalog: The store of what earlier scans found.
    ///   - quietPeriod: How long a cloud document must stay untouched before it is complete.
    ///   - trash: The library's Trash, looked in for what a package lost.
    ///   - engines: The adapters asked what the cloud's sync engine still needs; nil asks none.
    public init(locations: DocumentLocations, registry: TypeRegistry, catalog: CatalogStore, quietPeriod: QuietPeriod, trash: Trash, engines: SyncEngines? = nil) {
        self.locations = locations
        self.registry = registry
        self.catalog = catalog
        self.quietPeriod = quietPeriod
        self.trash = trash
        self.engines = engines
    }

    /// What the sync engine still needs in the cloud's Documents folder
    /// `root`, asked now; nil for the local location or with no engine.
    func engineAnswer(for location: Location, documentsDirectory root: RawPath) -> SyncEngineAnswer? {
        guard location == .cloud, let engines else { return nil }
        return engines.answer(for: root)
    }

    /// The documents of `location`; folders' contents too when `recursive`.
    ///
    /// - Parameters:
    ///   - location: The location whose Documents folder to scan.
    ///   - recursive: Whether to list the documents inside folders too.
    /// - Returns: The documents, as the catalog now stores them.
    /// - Throws: ``DocKitError`` when the Documents folder is missing,
    ///   ``DocKitError/Code/fileSystem`` when a folder cannot be read, and
    ///   ``DocKitError/Code/database`` when the catalog cannot be read or written.
    public func scan(_ location: Location, recursive: Bool = false) throws -> [Document] {
        var documents: [Document] = []
        try scan(location, recursive: recursive) { documents.append($0.document) }
        return documents
    }

    /// ``scan(_:recursive:)``, handing each document to `body` as it is
    /// found, so that a listing need not hold them as documents.
    func scan(_ location: Location, recursive: Bool, _ body: (ScannedDocument) throws -> Void) throws {
        let root = try locations.existingDocumentsDirectory(location)
        let engine = engineAnswer(for: location, documentsDirectory: root)
        // Entries typed by another registry (a handler registered since,
        // or shared-mime-info updated) are all typed again.
        let digest = registry.digest
        let sameRegistry = try catalog.registryDigest(of: location) == digest
        var count = 0
        var reused = 0
        if recursive {
            let stored = try catalog.entries(in: location, documentsDirectory: root)
            let previous = sameRegistry ? stored : [:]
            var entries: [CatalogStore.Entry] = []
            try scanDirectory(root, relativePath: RawPath(bytes: []), location: location, recursive: true, types: TypesByExtension(registry: registry),
                              engine: engine, previous: { previous[$0] }) { entries.append($0) }
            // After a registry change, rows this scan did not reach are
            // dropped rather than kept with types from the old registry.
            try catalog.reconcile(location, with: entries, previous: stored) { _ in true }
            count = entries.count
            reused = entries.filter { previous[$0.document.relativePath] == $0 }.count
            for entry in entries { try body(.made(entry.document)) }
        } else {
            // The folder's names and the catalog's rows are both read in
            // byte order, and matched as they go.
            let (names, namesToRecord) = try currentNames(of: root, in: location)
            let listing = FolderListing(names: names, atTopLevel: true)
            let stored = catalog.sortedEntries(in: location, documentsDirectory: root)
            var changed: [CatalogStore.Entry] = []
            try examine(
                listing, at: Array(listing.names.indices), in: root, relativePath: RawPath(bytes: []), location: location, recursive: false,
                types: TypesByExtension(registry: registry), engine: engine, previous: { sameRegistry ? try stored.entry(at: $0) : nil },
                unchanged: { relativePath, status in
                    guard sameRegistry, try stored.keepUnchanged(at: relativePath, status: status) else { return false }
                    reused += 1
                    count += 1
                    try body(.unchanged(stored))
                    return true
                }
            ) { entry in
                if try !stored.keep(entry) { changed.append(entry) } else if sameRegistry { reused += 1 }
                count += 1
                try body(.made(entry.document))
                // Written as they come, a few thousand at a time, so that a
                // first listing does not hold 50,000 new entries.
                if changed.count >= Self.changesWrittenTogether {
                    try catalog.write(location, changed: changed, removed: [])
                    changed.removeAll(keepingCapacity: true)
                }
            }
            try stored.finish()
            // Rows inside folders, left by a recursive listing, stay unless
            // they were typed by another registry.
            let removed = stored.unkept.filter { !sameRegistry || $0.components.count == 1 }
            try catalog.write(location, changed: changed, removed: removed)
            if let namesToRecord { try catalog.record(namesToRecord, of: location) }
        }
        if !sameRegistry { try catalog.setRegistryDigest(digest, of: location) }
        Diagnostics.catalog.debug("scanned \(location) \(root): \(count) entries, \(reused) unchanged since the catalog last saw them")
    }

    /// The documents of one folder of `location` whose listed names
    /// `accepts` takes, exactly as ``scan(_:recursive:)`` lists them there,
    /// but examining and cataloguing only those entries: finding one
    /// document by name costs one directory read and a few `lstat`s,
    /// however many documents lie beside it.
    ///
    /// - Parameters:
    ///   - location: The location whose Documents folder holds `folder`.
    ///   - folder: A folder relative to the Documents folder, empty for the
    ///     Documents folder itself; it must be a folder `list` descends into.
    ///   - accepts: Called with each name a document there would be listed
    ///     under, as `list` shows it (for a placeholder, a temporary or a
    ///     conflict copy, the name of the document it stands for).
    /// - Returns: The accepted documents, in no particular order.
    /// - Throws: ``DocKitError`` when the Documents folder is missing,
    ///   ``DocKitError/Code/fileSystem`` when the folder cannot be read, and
    ///   ``DocKitError/Code/database`` when the catalog cannot be.
    public func scan(_ location: Location, folder: RawPath, listedNamesAccepted accepts: (String) -> Bool) throws -> [Document] {
        try scan(location, folder: folder, namesContaining: [], listedNamesAccepted: accepts)
    }

    /// ``scan(_:folder:listedNamesAccepted:)``, judging only the names that
    /// contain one of `fragments` (all of them when there are none) and
    /// the placeholders: a document's temporaries and conflict copies all
    /// contain its name, up to its first extension. `names`, when given,
    /// are the folder's names as the caller has just read them.
    ///
    /// A name that is gone by the time its entry is examined means the
    /// folder changed in between: most often a sync engine renamed its
    /// temporary over the document. The folder's names are then read
    /// again, a few times at most, so that the document is found under the
    /// name it has now instead of missed.
    func scan(_ location: Location, folder: RawPath, names: [RawPath]? = nil, namesContaining fragments: [[UInt8]], listedNamesAccepted accepts: (String) -> Bool) throws -> [Document] {
        var names = names
        for attempt in 1...Self.readsOfAChangingFolder {
            do {
                let last = attempt == Self.readsOfAChangingFolder
                if let found = try scan(location, folder: folder, names: names, namesContaining: fragments, unlessAnyVanished: !last, listedNamesAccepted: accepts) {
                    return found
                }
            } catch let error as DocKitError where attempt > 1 && error.fileSystemFailure != nil && error.code == .notFound {
                // The folder itself went away after its names were read:
                // nothing in it is to be found, as when it was gone at once.
                return []
            }
            names = nil
        }
        return []
    }

    static let readsOfAChangingFolder = 3

    /// nil, having written nothing, when `unlessAnyVanished` and an entry
    /// accepted was gone when examined.
    private func scan(
        _ location: Location, folder: RawPath, names: [RawPath]?, namesContaining fragments: [[UInt8]], unlessAnyVanished: Bool,
        listedNamesAccepted accepts: (String) -> Bool
    ) throws -> [Document]? {
        let root = try locations.existingDocumentsDirectory(location)
        let directory = folder.isEmpty ? root : root.appending(folder)
        let engine = engineAnswer(for: location, documentsDirectory: root)
        let icloud = Array(".icloud".utf8)
        let bearsOnTheNames = { (name: RawPath) in
            fragments.isEmpty || name.bytes.reversed().starts(with: icloud.reversed())
                || fragments.contains { name.bytes.contains(subsequence: $0) }
        }
        let listing = try names.map { FolderListing(names: $0, atTopLevel: folder.isEmpty, keeping: bearsOnTheNames) }
            ?? FolderListing(directory, atTopLevel: folder.isEmpty, keeping: bearsOnTheNames)
        let chosen = listing.indices { name in name.map { accepts($0.description) } ?? true }
        guard !chosen.isEmpty else { return [] }
        let sameRegistry = try catalog.registryDigest(of: location) == registry.digest
        let paths = chosen.map { folder.appending(listing.names[$0]) }
        let previous = sameRegistry ? try catalog.entries(in: location, documentsDirectory: root, relativePaths: paths) : [:]
        var entries: [CatalogStore.Entry] = []
        var vanished = false
        try examine(
            listing, at: chosen, in: directory, relativePath: folder, location: location, recursive: false,
            types: TypesByExtension(registry: registry), engine: engine, previous: { previous[$0] }, vanishing: { vanished = true }
        ) { entries.append($0) }
        if vanished, unlessAnyVanished { return nil }
        if sameRegistry {
            let examined = Set(paths)
            try catalog.reconcile(location, with: entries, previous: previous, typedBy: registry.digest) { examined.contains($0) }
        } else {
            try catalog.replaceAll(location, with: entries, typedBy: registry.digest)
        }
        return entries.map(\.document).filter { accepts($0.name) }
    }

    /// The names in `root`, taken from the catalog while the folder's
    /// status is as it was when they were read, and the names to record
    /// when they were read now, from a folder left alone longer than
    /// ``racyWindow`` (a name added within the same tick of the clock
    /// would leave its times as they are).
    private func currentNames(of root: RawPath, in location: Location) throws -> (names: [RawPath], toRecord: CatalogStore.FolderNames?) {
        let folder = root.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folder >= 0 else { throw DocKitError(FileSystemError(path: root, operation: "cannot be listed", errno: errno)) }
        defer { close(folder) }
        let now = Nanoseconds.now
        let status = try FileStatus.of(descriptor: folder, path: root)
        let trustsTimes = FolderTimes.followNames(onFileSystemOf: folder)
        if trustsTimes, let recorded = try catalog.folderNames(of: location), recorded.describe(root, status: status) {
            return (recorded.names, nil)
        }
        let names = try DirectoryReader.names(inDescriptor: folder, path: root).sorted()
        let settled = Nanoseconds.elapsed(from: max(status.modificationTime, status.changeTime), to: now) >= racyWindow
        // A name that came or went while the names were read would pair
        // them with a status older than they are: such names are not kept.
        guard trustsTimes, settled, try status.holdsTheSameNames(as: FileStatus.of(descriptor: folder, path: root)) else { return (names, nil) }
        return (names, CatalogStore.FolderNames(path: root, status: status, names: names))
    }

    private func scanDirectory(
        _ directory: RawPath, relativePath: RawPath, location: Location, recursive: Bool, types: TypesByExtension,
        engine: SyncEngineAnswer?, previous: (RawPath) throws -> CatalogStore.Entry?, into emit: (CatalogStore.Entry) throws -> Void
    ) throws {
        let listing = try FolderListing(directory, atTopLevel: relativePath.isEmpty)
        try examine(
            listing, at: Array(listing.names.indices), in: directory, relativePath: relativePath, location: location, recursive: recursive,
            types: types, engine: engine, previous: previous, into: emit
        )
    }

    /// Hands `emit` the entries in the order of `indices`, asking
    /// `previous` for each name's catalogued entry in that order too.
    /// `vanishing` is called for each name gone by the time its entry is examined.
    /// `unchanged` is asked first, with a document's relative path and
    /// status, whether it takes the document as the catalog has it, when
    /// the document is neither incomplete nor in conflict; an entry it
    /// takes is not made, nor handed to `emit`. A document `engine` still
    /// needs files of is incomplete.
    private func examine(
        _ listing: FolderListing, at indices: [Int], in directory: RawPath, relativePath: RawPath, location: Location, recursive: Bool,
        types: TypesByExtension, engine: SyncEngineAnswer?, previous: (RawPath) throws -> CatalogStore.Entry?, vanishing: () -> Void = {},
        unchanged: (RawPath, FileStatus) throws -> Bool = { _, _ in false },
        into emit: (CatalogStore.Entry) throws -> Void
    ) throws {
        // Each entry's lstat then looks up one name, not the whole path.
        let folder = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { if folder >= 0 { close(folder) } }
        func status(of name: RawPath) throws(DocKitError) -> FileStatus? {
            let status = folder >= 0 ? try FileStatus.of(name, in: folder, inFolderAt: directory) : try FileStatus.of(directory.appending(name))
            if status == nil { vanishing() }
            return status
        }
        let now = Nanoseconds.now
        for index in indices {
            let name = listing.names[index]
            let entryPath = relativePath.appending(name)
            switch listing.verdicts[index] {
            case .ignored:
                continue
            case .syncTemporary(let temporary):
                // Beside its document, it makes that one incomplete; alone,
                // it is listed as the document it will become, once.
                guard !listing.contains(temporary.document), listing.arriving[temporary.document] == temporary else { continue }
                guard let status = try status(of: name) else { continue }
                try emit(arrivingEntry(at: entryPath, in: location, status: status, becoming: temporary.document))
            case .conflictCopy(let copy):
                // Beside its document, it is one of its versions; when the
                // engine left only copies (rclone), the first stands for the
                // document, in conflict.
                guard !listing.contains(copy.original), listing.conflicted[copy.original] == copy else { continue }
                let path = directory.appending(name)
                guard let status = try status(of: name), status.kind != .other else { continue }
                var entry = try currentEntry(at: entryPath, path: path, in: location, status: status, types: types, cached: try previous(entryPath))
                entry.document.states.remove(.incomplete)
                entry.document.states.insert(.inConflict)
                entry.document.name = copy.original.description
                if !entry.document.isFolder, !entry.document.isSymbolicLink {
                    let type = types.type(forFileName: copy.original.description, isDirectory: status.kind == .directory)
                    if !type.isDynamic, type.identifier != UTType.data { entry.document.type = type.identifier }
                }
                entry.document.displayName = types.displayName(of: copy.original.description, type: entry.document.type)
                try emit(entry)
            case .placeholder(let standingFor):
                // Once the real file has arrived, the placeholder is stale.
                guard !listing.contains(standingFor) else { continue }
                guard let status = try status(of: name) else { continue }
                if let cached = try previous(entryPath), cached.status == status {
                    try emit(cached)
                } else {
                    try emit(placeholderEntry(at: entryPath, in: location, status: status, standingFor: standingFor))
                }
            case .document:
                guard let status = try status(of: name), status.kind != .other else { continue }
                // Looked up only when any are: hashing the name is most of a lookup.
                let isArriving = !listing.arriving.isEmpty && listing.arriving[name] != nil
                let isConflicted = !listing.conflicted.isEmpty && listing.conflicted[name] != nil
                let isNeeded = engine?.need(of: entryPath) != nil
                // A folder of a recursive scan is descended into below.
                if !recursive, !isArriving, !isConflicted, !isNeeded, try unchanged(entryPath, status) { continue }
                let path = directory.appending(name)
                let cached = try previous(entryPath)
                var entry = try currentEntry(at: entryPath, path: path, in: location, status: status, types: types, cached: cached)
                // Decided by this listing, never taken from the catalog.
                if !entry.document.states.isEmpty { entry.document.states.subtract([.incomplete, .inConflict]) }
                let period = quietPeriod.holdingBack(status, engineHasIt: engine?.wholeFiles == true && !isNeeded)
                let isRecent = period.changedAgo(in: location, status: status, package: entry.package, now: now) != nil
                let isQuiet = try !isRecent || isOwnChange(entryPath, in: location, status: status, package: entry.package)
                if isArriving || isNeeded || !(entry.package?.syncTemporaries.isEmpty ?? true) || !isQuiet {
                    entry.document.states.insert(.incomplete)
                }
                if isConflicted || !(entry.package?.conflictCopies.isEmpty ?? true) { entry.document.states.insert(.inConflict) }
                if let package = entry.package, !isArriving, try hasLostMostOfItsTree(
                    entryPath, in: location, package: package, previous: cached?.package, status: status,
                    isSettled: isQuiet && package.syncTemporaries.isEmpty
                ) {
                    entry.document.states.insert(.inConflict)
                }
                try emit(entry)
                if recursive, entry.document.isFolder {
                    try scanDirectory(path, relativePath: entryPath, location: location, recursive: true, types: types, engine: engine, previous: previous, into: emit)
                }
            }
        }
    }

    /// Whether the document at `relativePath` is still as docbrowser
    /// itself left it (``CatalogStore/OwnChange``).
    func isOwnChange(_ relativePath: RawPath, in location: Location, status: FileStatus, package: PackageContents?) throws -> Bool {
        guard let own = try catalog.ownChange(at: relativePath, in: location) else { return false }
        return own.isUnchanged(CatalogStore.OwnChange(status: status, package: package))
    }

    private func currentEntry(
        at relativePath: RawPath, path: RawPath, in location: Location, status: FileStatus, types: TypesByExtension, cached: CatalogStore.Entry?
    ) throws -> CatalogStore.Entry {
        if let cached, cached.status == status, !cached.isRacy {
            if let package = cached.package {
                if package.isCurrent(root: path) { return cached }
            } else {
                return cached
            }
        }
        // Made once: decoding and escaping the bytes is per document.
        let name = relativePath.lastComponent.description
        var document = Document(
            location: location, relativePath: relativePath, path: path,
            name: name, displayName: name, type: UTType.data,
            size: status.size, modificationDate: status.modificationDate,
            isPackage: false, isFolder: false, isSymbolicLink: false, typeWasGuessed: false, states: []
        )
        var package: PackageContents?
        switch status.kind {
        case .symbolicLink:
            document.type = UTType.symbolicLink
            document.isSymbolicLink = true
        case .directory:
            let type = types.type(forFileName: name, isDirectory: true)
            document.type = type.identifier
            if registry.isPackage(type.identifier) {
                let contents = try PackageContents.walk(path)
                document.isPackage = true
                document.size = contents.size
                package = contents
            } else {
                document.isFolder = true
                document.size = 0
            }
        case .regular, .other:
            let identification = try FileTypeIdentifier(registry: registry).identify(path, status: status, name: name) { types.type(forFileName: $0, isDirectory: $1) }
            document.type = identification.type.identifier
            document.typeWasGuessed = identification.guess != nil
        }
        document.displayName = types.displayName(of: name, type: document.type)
        return CatalogStore.Entry(document: document, status: status, package: package, isRacy: isRacy(status))
    }

    private func isRacy(_ status: FileStatus) -> Bool {
        Nanoseconds.elapsed(from: max(status.modificationTime, status.changeTime), to: Nanoseconds.now) < racyWindow
    }

    private func placeholderEntry(at relativePath: RawPath, in location: Location, status: FileStatus, standingFor: RawPath) -> CatalogStore.Entry {
        let placeholder = ICloudPlaceholder.read(at: locations.documentsDirectory(location).appending(relativePath), standingFor: standingFor)
        let name = placeholder.name.description
        let type = registry.type(forFileName: name, isDirectory: false)
        let document = Document(
            location: location, relativePath: relativePath, path: locations.documentsDirectory(location).appending(relativePath),
            name: name, displayName: displayName(of: name, type: type.identifier), type: type.identifier,
            size: placeholder.size, modificationDate: status.modificationDate,
            isPackage: registry.isPackage(type.identifier), isFolder: false, isSymbolicLink: false,
            typeWasGuessed: false, states: [.notDownloaded]
        )
        return CatalogStore.Entry(document: document, status: status, package: nil)
    }

    /// A document that so far exists only as a sync engine's temporary.
    private func arrivingEntry(at relativePath: RawPath, in location: Location, status: FileStatus, becoming name: RawPath) -> CatalogStore.Entry {
        let type = registry.type(forFileName: name.description, isDirectory: status.kind == .directory)
        let document = Document(
            location: location, relativePath: relativePath, path: locations.documentsDirectory(location).appending(relativePath),
            name: name.description, displayName: displayName(of: name.description, type: type.identifier), type: type.identifier,
            size: status.kind == .directory ? 0 : status.size, modificationDate: status.modificationDate,
            isPackage: registry.isPackage(type.identifier), isFolder: false, isSymbolicLink: false,
            typeWasGuessed: false, states: [.incomplete]
        )
        return CatalogStore.Entry(document: document, status: status, package: nil)
    }

    /// The name without the extension that gave the document its type
    /// (`backup.tar.gz` → `backup`); names whose extension says nothing
    /// keep it, as the Files app shows them.
    func displayName(of name: String, type identifier: String) -> String {
        TypesByExtension.displayName(of: name, type: identifier, registry: registry)
    }
}
