import Foundation

/// Brings files in as documents, as the Files app's "Import" does: each
/// top-level item of an archive becomes a document, and any other file,
/// package or folder is copied in as one. Archives are opened by their
/// import plugin, never in this process.
///
/// All or nothing: everything is staged under `<home>/tmp` first; if an
/// archive is refused, a plugin fails or a name is taken under `fail`, no
/// document appears. Only then are the items moved into place, atomically
/// each, under one journal (`JournaledImport`), so that a crash at any
/// instant ends, after the next run's recovery, with all of them or none.
public struct DocumentImporter: Sendable {
    /// The catalog of the home documents are imported into; its registry types the items.
    public let catalog: DocumentCatalog
    /// Opens archives through their import plugin, under its limits.
    public var extractor: ArchiveExtractor
    /// Where documents displaced by `replace` go.
    public var trash: Trash
    /// Wait for other docbrowser processes instead of refusing, and replace
    /// documents a handler has open.
    public var force: Bool
    /// Types to take apart besides those an import plugin declares: an
    /// app's own archive for sharing documents, built on zip, which it
    /// receives as its items (see `ArchiveRecognizer`'s rule).
    public var archiveTypes: [String]

    /// Creates an importer.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of the home to import into.
    ///   - extractor: Opens archives through their import plugin.
    ///   - trash: Where replaced documents go: ``DocumentLibrary/trash``, or a Trash of the app's own.
    ///   - force: Whether to wait for other processes and replace documents a handler has open.
    ///   - archiveTypes: Types to take apart besides those an import plugin declares.
    public init(catalog: DocumentCatalog, extractor: ArchiveExtractor, trash: Trash, force: Bool = false, archiveTypes: [String] = []) {
        self.catalog = catalog
        self.extractor = extractor
        self.trash = trash
        self.force = force
        self.archiveTypes = archiveTypes
    }

    /// A document the import created.
    public struct Item: Sendable, Hashable, Codable {
        /// The FILE it came from.
        public var source: String
        /// As `list` names it: `local:Name`.
        public var document: String
        /// `true` when the name was taken and the document got `Name 2.ext` or the like (policy `rename`).
        public var renamed: Bool
        /// `true` when a document of the same name went to the Trash (policy `replace`).
        public var replaced: Bool
        /// The replaced document's name in the Trash.
        public var displacedTrashName: String?
    }

    /// What an import did.
    public struct Result: Sendable, Hashable, Codable {
        /// The documents created, one per top-level item imported.
        public var items: [Item]
        /// Archive entries extracted, over all archives.
        public var entries: Int
        /// Bytes written by extraction, over all archives; copied files are not counted.
        public var bytes: Int64
        /// What was not imported, as `FILE/path`: top-level items with
        /// hidden names (macOS's `__MACOSX` and `.DS_Store` among them),
        /// which would be invisible, and the macOS metadata files
        /// (`.DS_Store`, AppleDouble `._Name`) at any depth of an archive.
        public var skipped: [String]
        /// Files an archive held more than once (an appended tar), as
        /// `ARCHIVE/path`: the last copy was kept, as tar tools keep it.
        public var superseded: [String] = []
    }

    private struct StagedItem {
        var source: RawPath
        /// Which FILE argument it came from: one archive's two items are
        /// told from the same archive given twice.
        var sourceIndex: Int
        var path: RawPath
        var inode: UInt64
        /// As the archive or the file system gave it, never decoded.
        var name: RawPath
        var extensionLength: Int
    }

    /// Imports `files` into `location`: each archive's top-level items become documents,
    /// and every other file, package or folder is copied in as one. All or nothing.
    ///
    /// - Parameters:
    ///   - files: The files to import; a symbolic link stands for its target, under the link's name.
    ///   - location: Where the documents go.
    ///   - policy: What to do when a name is taken.
    ///   - progress: Called with each progress report of an archive's plugin.
    /// - Returns: The documents created and what was skipped.
    /// - Throws: ``DocKitError`` when a file is not a regular file or directory, an archive
    ///   yields nothing, two items want one name, a name is reserved, or a taken name is too
    ///   long to number under `rename`;
    ///   ``DocKitError/Code/alreadyExists`` under `fail`, or when a name is taken meanwhile;
    ///   ``DocKitError/Code/pluginFailed`` when an archive's plugin refuses or fails; ``DocKitError`` when
    ///   documents are busy or open; ``DocKitError/Code/fileSystem`` when a file is missing or cannot be
    ///   copied or moved.
    public func importFiles(_ files: [RawPath], to location: Location, onConflict policy: ConflictPolicy,
                            progress: @escaping @Sendable (PluginProgress) -> Void = { _ in }) async throws -> Result {
        // A link given by the user stands for what it points to, under
        // the link's own name.
        let sources = try files.map { file in
            let resolved = file.resolvingSymbolicLinks() ?? file
            guard let status = try FileStatus.of(resolved) else { throw DocKitError(FileSystemError(path: file, operation: "does not exist", errno: ENOENT)) }
            guard status.kind == .regular || status.kind == .directory else { throw DocKitError(ImportError.notADocument(file.description)) }
            return (given: file, resolved: resolved)
        }
        let directory = try catalog.locations.existingDocumentsDirectory(location)
        let transaction = try JournaledImport(home: catalog.home, trash: trash)
        do {
            var staged: [StagedItem] = []
            var skipped: [String] = []
            var entries = 0
            var bytes: Int64 = 0
            var superseded: [String] = []
            for (index, (file, resolved)) in sources.enumerated() {
                let folder = transaction.staging.appending(String(index + 1))
                try FileSystem.createNewDirectory(folder, mode: 0o700)
                let archive = archiveType(of: file, resolved: resolved)
                if let archive {
                    let extracted = try await extractor.extract(resolved, type: archive, into: folder, progress: progress,
                                                                onLaunch: { try transaction.journal.recordLaunch(of: $0) })
                    entries += extracted.entries
                    bytes += extracted.bytes
                    superseded += extracted.superseded.map { "\(file.lastComponent)/\($0)" }
                } else {
                    try TreeCopier().copy(resolved, to: folder.appending(file.lastComponent))
                }
                var found = false
                for name in try DirectoryReader.names(in: folder).sorted() {
                    let text = name.description
                    if text.hasPrefix(".") || text == "__MACOSX" {
                        skipped.append("\(file.lastComponent)/\(text)")
                        continue
                    }
                    let path = folder.appending(name)
                    if archive != nil {
                        skipped += try MacMetadata.removeLitter(below: path).map { "\(file.lastComponent)/\(text)/\($0)" }
                    }
                    guard let inode = FileSystem.inode(of: path), let status = try FileStatus.of(path) else { continue }
                    let type = catalog.registry.type(forFileName: text, isDirectory: status.kind == .directory)
                    let displayName = catalog.scanner.displayName(of: text, type: type.identifier)
                    staged.append(StagedItem(source: file, sourceIndex: index, path: path, inode: inode, name: name,
                                             extensionLength: DocumentName.extensionLength(of: name, name: text, displayName: displayName)))
                    found = true
                }
                if !found { throw DocKitError(ImportError.nothingToImport(archive: file.description)) }
            }
            CrashPoint.reached("import-staged")
            let move = JournaledMove(home: catalog.home, trash: trash)
            let lockable = ResourceLimits.raisedOpenFileLimit() - Self.descriptorsKeptFree
            let placements: [ImportPlacement]
            let displaced: [RawPath: RawPath]
            if staged.count <= lockable {
                let (planned, lock) = try plan(staged, in: directory, location: location, policy: policy)
                defer { lock.release() }
                placements = planned
                displaced = try transaction.commit(placements, move: move)
            } else {
                placements = try choose(staged, in: directory, location: location, policy: policy)
                displaced = try transaction.commit(placements, move: move, batchSize: lockable) { batch in
                    try lockChecked(batch, location: location)
                }
            }
            for placement in placements {
                try? catalog.noteOwnChange(at: placement.destination)
            }
            let items = zip(staged, placements).map { item, placement in
                let name = placement.destination.lastComponent
                return Item(source: item.source.description, document: "\(location):\(name)", renamed: name != item.name,
                            replaced: placement.replace, displacedTrashName: displaced[placement.destination]?.description)
            }
            return Result(items: items, entries: entries, bytes: bytes, skipped: skipped, superseded: superseded)
        } catch {
            transaction.abandon()
            throw error
        }
    }

    /// The type to extract a file as, when it is an archive some plugin
    /// imports; nil for anything to copy in whole.
    private func archiveType(of file: RawPath, resolved: RawPath) -> String? {
        guard (try? FileStatus.of(resolved))??.kind == .regular else { return nil }
        let recognizer = ArchiveRecognizer(identifier: FileTypeIdentifier(registry: catalog.registry), locator: extractor.locator, alsoTakenApart: archiveTypes)
        return recognizer.extractionType(of: resolved, named: file.lastComponent.description)
    }

    /// Each item's lock holds a descriptor while the import commits; these
    /// stay for everything else the commit opens. More items than the rest
    /// are locked and placed in batches (``lockChecked(_:location:)``).
    static let descriptorsKeptFree = 64

    /// Chooses every item's name and locks them all, choosing again if
    /// another process took one meanwhile.
    private func plan(_ staged: [StagedItem], in directory: RawPath, location: Location, policy: ConflictPolicy) throws -> ([ImportPlacement], DocumentLock) {
        let locks = LockDirectory(home: catalog.home)
        let holder = LockHolder(activity: "importing into \(location)")
        for _ in 1...10 {
            let placements = try choose(staged, in: directory, location: location, policy: policy)
            let lock = try DocumentLock(placements.map(\.destination), in: locks, holder: holder, waiting: force)
            if try choose(staged, in: directory, location: location, policy: policy) == placements {
                for placement in placements where placement.replace {
                    try checkReplacement(placement, location: location)
                }
                return (placements, lock)
            }
            lock.release()
        }
        throw DocKitError(CoordinationError.busy(document: "\(location)", holder: holder))
    }

    private func choose(_ staged: [StagedItem], in directory: RawPath, location: Location, policy: ConflictPolicy) throws -> [ImportPlacement] {
        // Two items whose names a peer would see as one (NFC, and case in
        // the cloud) are as much a clash as two identical names.
        var chosen: [String: StagedItem] = [:]
        var placements: [ImportPlacement] = []
        for item in staged {
            for number in 1... {
                let name = DocumentName.numbered(item.name, extensionLength: item.extensionLength, number)
                if name.bytes.count > Int(NAME_MAX) {
                    throw DocKitError(ImportError.tooLongToNumber(item.name.description, numbered: name.description, source: item.source.description))
                }
                let destination = try directory.appending(name: name)
                let key = DocumentName.comparisonKey(name, caseInsensitive: location == .cloud) ?? name.description
                let replace: Bool
                if let earlier = chosen[key] {
                    guard policy == .rename else {
                        if earlier.sourceIndex == item.sourceIndex {
                            throw DocKitError(ImportError.sameNameInOneFile("\(location):\(name)", source: item.source.description,
                                                                first: earlier.name.description, second: item.name.description))
                        }
                        throw DocKitError(ImportError.sameName("\(location):\(name)", first: earlier.source.description, second: item.source.description))
                    }
                    continue
                } else if DocumentEntryRules.verdict(for: name, atTopLevel: true) != .document {
                    throw DocKitError(ImportError.hiddenName(name.description, source: item.source.description))
                } else if try DocumentName.isTaken(destination, caseInsensitive: location == .cloud) {
                    switch policy {
                    case .fail: throw DocKitError(MoveError.destinationTaken("\(location):\(name)"))
                    case .rename: continue
                    case .replace: replace = true
                    }
                } else {
                    replace = false
                }
                chosen[key] = item
                placements.append(ImportPlacement(staged: item.path, stagedInode: item.inode, destination: destination, replace: replace))
                break
            }
        }
        return placements
    }
}
