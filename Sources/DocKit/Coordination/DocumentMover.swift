import Foundation

/// Moves documents between the local and cloud locations, the analogue of
/// `setUbiquitous(_:itemAt:destinationURL:)`: the filename stays, the move
/// is atomic and safe across file systems, and it never runs while another
/// process changes the document or a handler has it open (unless forced).
public struct DocumentMover: Sendable {
    /// The catalog documents are looked up in and re-read from after a move.
    public let catalog: DocumentCatalog
    /// Where a document displaced by `replace` goes.
    public let trash: Trash
    /// Go ahead although a handler has the document open, and wait for
    /// other docbrowser processes instead of refusing.
    public var force: Bool
    /// Called with bytes copied while a move crosses file systems; `nil` for no reports.
    public var progress: (@Sendable (TransferProgress) -> Void)?

    /// Creates a mover.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of the home whose documents move.
    ///   - trash: Where replaced documents go: ``DocumentLibrary/trash``, or a Trash of the app's own.
    ///   - force: Whether to move documents a handler has open, that are still syncing or have
    ///     conflict copies beside them, and wait for other processes' locks instead of refusing.
    ///   - progress: Called with copy progress across file systems, or `nil`.
    public init(catalog: DocumentCatalog, trash: Trash, force: Bool = false, progress: (@Sendable (TransferProgress) -> Void)? = nil) {
        self.catalog = catalog
        self.trash = trash
        self.force = force
        self.progress = progress
    }

    /// What a move will do, or did.
    public struct Plan: Sendable, Hashable {
        /// What the move does with the document.
        public enum Action: String, Sendable, Hashable {
            /// Move it to ``Plan/destinationPath``.
            case move
            /// It is in that location already: nothing to do.
            case none
            /// The name is taken and the policy is `fail`.
            case conflict
        }

        /// The document as it was listed before the move.
        public var document: Document
        /// What the move does.
        public var action: Action
        /// The location the document goes to.
        public var destination: Location
        /// Relative to the destination's Documents folder.
        public var destinationName: String
        /// The absolute path the document will have.
        public var destinationPath: RawPath
        /// `true` when a document at the destination goes to the Trash (policy `replace`).
        public var replaces: Bool
        /// `true` when the destination name differs from the document's (policy `rename`).
        public var renamed: Bool { destinationName != document.listedName }
    }

    /// What a move did.
    public struct Result: Sendable, Hashable {
        /// The plan that was carried out.
        public var plan: Plan
        /// The document where it is now.
        public var document: Document
        /// `true` when the document was copied and the original removed, rather than renamed.
        public var crossedFileSystems: Bool
        /// The replaced document's name in the Trash.
        public var displacedTrashName: String?
    }

    /// What `move` would do now, changing nothing (`--dry-run`).
    ///
    /// - Parameters:
    ///   - document: The document to move, as listed.
    ///   - location: Where it would go.
    ///   - policy: What to do when the name is taken at the destination.
    /// - Returns: The plan; its action is ``DocumentMover/Plan/Action/conflict`` when the name
    ///   is taken under `fail`.
    /// - Throws: ``DocKitError/Code/notDownloaded`` for a placeholder;
    ///   ``DocKitError/Code/alreadyExists`` when `rename` finds no free name;
    ///   ``DocKitError/Code/fileSystem`` when the destination cannot be examined.
    public func plan(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) throws -> Plan {
        try plan(document, to: DocumentDestination(location), onConflict: policy)
    }

    /// ``plan(_:to:onConflict:)`` into a folder of a location.
    ///
    /// - Throws: What ``plan(_:to:onConflict:)`` throws;
    ///   ``DocKitError/Code/noSuchFolder`` when the folder is not one `list`
    ///   shows; ``DocKitError/Code/refused`` for a folder moved
    ///   into itself.
    public func plan(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) throws -> Plan {
        let parent = try catalog.folder(of: destination) ?? document.relativePath.deletingLastComponent
        return try plan(document, to: destination.location, parent: parent, onConflict: policy) { try isTaken($0, in: destination.location) }
    }

    /// ``plan(_:to:onConflict:)`` into `parent` of `location`, asking
    /// `isTaken` whether a name at the destination is taken.
    private func plan(
        _ document: Document, to location: Location, parent: RawPath, onConflict policy: ConflictPolicy, isTaken: (RawPath) throws -> Bool
    ) throws -> Plan {
        if document.location == location, parent == document.relativePath.deletingLastComponent {
            return Plan(document: document, action: .none, destination: location, destinationName: document.listedName, destinationPath: document.path, replaces: false)
        }
        if document.states.contains(.notDownloaded) { throw DocKitError(MoveError.notDownloaded(document.qualifiedName)) }
        try Self.refuseIntoItself(document, location: location, parent: parent)
        let directory = destinationDirectory(parent, in: location)
        for number in 1...10_000 {
            let name = candidateName(document, number)
            let destination = try directory.appending(name: name)
            let destinationName = relativeName(parent, name)
            guard try isTaken(destination) else {
                return Plan(document: document, action: .move, destination: location, destinationName: destinationName, destinationPath: destination, replaces: false)
            }
            switch policy {
            case .fail:
                return Plan(document: document, action: .conflict, destination: location, destinationName: destinationName, destinationPath: destination, replaces: false)
            case .replace:
                return Plan(document: document, action: .move, destination: location, destinationName: destinationName, destinationPath: destination, replaces: true)
            case .rename:
                continue
            }
        }
        throw DocKitError(MoveError.destinationTaken("\(location):\(document.listedName)"))
    }

    /// A folder cannot go into itself or anything inside it: moved or copied.
    static func refuseIntoItself(_ document: Document, location: Location, parent: RawPath) throws(DocKitError) {
        guard document.isFolder, document.location == location else { return }
        let inside = parent.components.starts(with: document.relativePath.components)
        if inside { throw DocKitError(MoveError.intoItself(document.qualifiedName, destination: "\(location):\(parent)/")) }
    }

    /// What `move` would do now, refused exactly as `move` would refuse
    /// it, changing nothing (`--dry-run`).
    ///
    /// - Parameters:
    ///   - document: The document to move, as listed.
    ///   - location: Where it would go.
    ///   - policy: What to do when the name is taken at the destination.
    /// - Returns: What ``move(_:to:onConflict:)-3loym`` would do.
    /// - Throws: What ``move(_:to:onConflict:)-3loym`` throws before moving:
    ///   ``DocKitError`` when the document is not downloaded or vanished, or the
    ///   name is taken under `fail`; ``DocKitError`` when another process
    ///   holds it, a handler has it (or the document it would replace) open or
    ///   a sync engine is writing it (unless `force`); ``DocKitError`` when
    ///   conflict copies lie beside it.
    public func rehearse(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) throws -> Plan {
        try rehearse(document, to: DocumentDestination(location), onConflict: policy)
    }

    /// ``rehearse(_:to:onConflict:)`` into a folder of a location.
    public func rehearse(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) throws -> Plan {
        let location = destination.location
        let plan = try plan(document, to: destination, onConflict: policy)
        switch plan.action {
        case .none:
            return plan
        case .conflict:
            throw DocKitError(MoveError.destinationTaken("\(location):\(plan.destinationName)"))
        case .move:
            break
        }
        let locks = LockDirectory(home: catalog.home)
        let lock = try DocumentLock([document.path], in: locks, holder: LockHolder(activity: "moving \(document.qualifiedName) to \(location)"), waiting: force)
        defer { lock.release() }
        try checkStillThere(document)
        try OpenDocumentRecord.refuseIfOpen(document, in: locks, force: force)
        try SyncActivity.refuseIfIncomplete(document, force: force, in: catalog)
        try DocumentVersions.refuseIfCopiesBeside(document, action: "move", force: force)
        if plan.replaces {
            try checkNotOpen(plan.destinationPath, name: "\(location):\(plan.destinationName)", locks: locks)
        }
        return plan
    }

    /// Moves `document` to `location`, keeping its folder inside Documents and its name
    /// unless the policy renames it. The move is journaled, so a crash leaves the document
    /// in one place or the other.
    ///
    /// This blocks while it moves, copying the whole document across file
    /// systems; from a task, `await` its async form, which runs on a thread
    /// of its own.
    ///
    /// - Parameters:
    ///   - document: The document to move, as listed.
    ///   - location: Where it goes; moving to its own location does nothing.
    ///   - policy: What to do when the name is taken at the destination.
    /// - Returns: What was done, with the document as it is now.
    /// - Throws: ``DocKitError`` when the document is not downloaded, vanished, changed while
    ///   copied, or the name is taken under `fail`; ``DocKitError`` when another process
    ///   is moving it, a handler has it open or a sync engine is writing it (unless `force`);
    ///   ``DocKitError`` when conflict copies lie beside it; ``DocKitError/Code/fileSystem`` when a file
    ///   operation fails.
    public func move(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) throws -> Result {
        try move(document, to: DocumentDestination(location), onConflict: policy)
    }

    /// Moves `document` into a folder of a location, or to the same folder
    /// of another location, as ``move(_:to:onConflict:)-3loym`` does.
    ///
    /// This blocks while it moves, copying the whole document across file
    /// systems; from a task, `await` its async form, which runs on a thread
    /// of its own.
    ///
    /// - Throws: What ``move(_:to:onConflict:)-3loym`` throws;
    ///   ``DocKitError/Code/noSuchFolder`` when the folder is not one `list`
    ///   shows; ``DocKitError/Code/refused`` for a folder moved
    ///   into itself.
    public func move(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) throws -> Result {
        let location = destination.location
        let parent = try catalog.folder(of: destination) ?? document.relativePath.deletingLastComponent
        // Before the locks, only a file or placeholder of the very name
        // counts: the check under the lock below reads the destination
        // folder for a name taken in another case or normalization, and
        // a large folder's read is most of what a move costs there.
        let initial = try plan(document, to: location, parent: parent, onConflict: policy) { try DocumentName.isTakenExactly($0) }
        switch initial.action {
        case .none:
            return Result(plan: initial, document: document, crossedFileSystems: false)
        case .conflict:
            throw DocKitError(MoveError.destinationTaken("\(location):\(initial.destinationName)"))
        case .move:
            break
        }
        let directory = destinationDirectory(parent, in: location)
        _ = try catalog.locations.existingDocumentsDirectory(location)
        try FileSystem.createDirectory(directory)
        let locks = LockDirectory(home: catalog.home)
        let holder = LockHolder(activity: "moving \(document.qualifiedName) to \(location)")
        // Without --force the source is locked first and alone, so that a
        // destination name is skipped as busy only when another document is
        // moving to it, never because a rival mover of this same document
        // held it for a moment. With --force both are awaited together, in
        // a fixed order, which cannot deadlock.
        let sourceLock = force ? nil : try DocumentLock([document.path], in: locks, holder: holder)
        defer { sourceLock?.release() }
        var number = 1
        while number <= 10_000 {
            let name = candidateName(document, number)
            let destination = try directory.appending(name: name)
            let lock: DocumentLock
            do {
                lock = try DocumentLock(force ? [document.path, destination] : [destination], in: locks, holder: holder, waiting: force)
            } catch let error as DocKitError where error.failure is CoordinationError {
                if error.code == .busy, policy == .rename {
                    number += 1
                    continue
                }
                throw error
            }
            defer { lock.release() }
            try checkStillThere(document)
            try OpenDocumentRecord.refuseIfOpen(document, in: locks, force: force)
            try SyncActivity.refuseIfIncomplete(document, force: force, in: catalog)
            try DocumentVersions.refuseIfCopiesBeside(document, action: "move", force: force)
            // Read once, for a name taken in another case or normalization
            // and then to find the document where the move put it.
            let names = try DirectoryReader.names(in: directory)
            let taken = try DocumentName.isTaken(destination, caseInsensitive: location == .cloud, among: names)
            if taken {
                switch policy {
                case .fail: throw DocKitError(MoveError.destinationTaken("\(location):\(relativeName(parent, name))"))
                case .rename:
                    number += 1
                    continue
                case .replace:
                    if try FileStatus.of(destination) == nil {
                        // Only a placeholder holds the name; the file it
                        // stands for is not here to replace.
                        throw DocKitError(MoveError.destinationTaken("\(location):\(relativeName(parent, name))"))
                    }
                    try checkNotOpen(destination, name: "\(location):\(relativeName(parent, name))", locks: locks)
                }
            }
            let outcome: JournaledMove.Outcome
            do {
                outcome = try journaledMove(for: document).move(document.path, to: destination, replace: taken)
            } catch let error as DocKitError where error.fileSystemFailure?.errno == EEXIST && error.fileSystemFailure?.path == destination {
                if policy == .rename {
                    number += 1
                    continue
                }
                throw DocKitError(MoveError.destinationTaken("\(location):\(relativeName(parent, name))"))
            }
            if outcome.crossedFileSystems {
                progress?(TransferProgress(document: document.qualifiedName, bytesCopied: document.size, totalBytes: document.size))
            }
            let plan = Plan(document: document, action: .move, destination: location, destinationName: relativeName(parent, name), destinationPath: destination, replaces: taken)
            let movedPath = parent.isEmpty ? name : parent.appending(name)
            try? catalog.noteOwnChange(in: location, at: movedPath)
            var moved = try catalog.document(in: location, at: movedPath,
                                             amongNames: names.contains(name) ? names : names + [name])
            // Looked up under this move's own lock, which is gone when the
            // caller gets the document; released before, the document could
            // be moved on by another process and not be found.
            moved.states.remove(.locked)
            return Result(plan: plan, document: moved, crossedFileSystems: outcome.crossedFileSystems, displacedTrashName: outcome.displacedTrashName?.description)
        }
        throw DocKitError(MoveError.destinationTaken("\(location):\(document.listedName)"))
    }

    private func journaledMove(for document: Document) -> JournaledMove {
        var move = JournaledMove(home: catalog.home, trash: trash)
        if let progress {
            let name = document.qualifiedName
            let total = document.size
            move.copier.progress = { copied in progress(TransferProgress(document: name, bytesCopied: copied, totalBytes: total)) }
        }
        return move
    }

    private func checkStillThere(_ document: Document) throws {
        try DocumentLock.checkStillThere(document)
    }

    private func checkNotOpen(_ path: RawPath, name: String, locks: LockDirectory) throws {
        try OpenDocumentRecord.refuseIfOpen(path, name: name, in: locks, force: force)
    }

    private func isTaken(_ path: RawPath, in location: Location) throws -> Bool {
        try DocumentName.isTaken(path, caseInsensitive: location == .cloud)
    }

    /// `parent`, relative to the Documents folder of `location`.
    private func destinationDirectory(_ parent: RawPath, in location: Location) -> RawPath {
        let root = catalog.locations.documentsDirectory(location)
        return parent.isEmpty ? root : root.appending(parent)
    }

    private func candidateName(_ document: Document, _ number: Int) -> RawPath {
        DocumentName.numbered(document.filename, extensionLength: document.extensionLength, number)
    }

    private func relativeName(_ parent: RawPath, _ name: RawPath) -> String {
        parent.isEmpty ? name.description : "\(parent)/\(name)"
    }
}
