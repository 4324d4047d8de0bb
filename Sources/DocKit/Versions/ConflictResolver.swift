import Foundation

/// Resolves a document's conflict in the four steps of NSFileVersion's
/// guide: the chosen version replaces the current one; the document is
/// catalogued afresh; the other versions go to the Trash; and the conflict
/// is resolved, last, because the state is read from the disk and only
/// clears once no copy is left. Every version stays whole somewhere, in
/// place or in the Trash, whatever instant a crash picks.
public struct ConflictResolver: Sendable {
    /// The catalog of the home whose documents are resolved.
    public let catalog: DocumentCatalog
    /// Where the versions not kept go.
    public let trash: Trash
    /// Resolve a document a handler has open or an engine is still
    /// writing, and wait for other docbrowser processes instead of refusing.
    public var force: Bool

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of the home.
    ///   - trash: Where discarded versions go: ``DocumentLibrary/trash``, or a Trash of the app's own.
    ///   - force: Whether to resolve documents that are open or still being written, and wait for locks.
    public init(catalog: DocumentCatalog, trash: Trash, force: Bool = false) {
        self.catalog = catalog
        self.trash = trash
        self.force = force
    }

    /// Which version to keep.
    public enum Choice: Sendable, Hashable {
        /// The current version, the file at the document's own name.
        case current
        /// The most recently modified, the current one included.
        case newest
        /// A conflict version, by its number in ``DocumentVersions``.
        case version(Int)
        /// Every version, each conflict version as a document of its own
        /// ("Name (version 2).ext").
        case all
    }

    /// What a resolution does, or did.
    public struct Plan: Sendable, Hashable {
        /// The versions as they were when the plan was made.
        public var versions: DocumentVersions
        /// The version that is current afterwards.
        public var kept: DocumentVersion?
        /// Versions that become documents of their own, with their new names.
        public var separated: [Separation]
        /// Versions that go to the Trash (for a package, the package as it
        /// was, holding them).
        public var trashed: [DocumentVersion]

        /// A conflict version kept as a document of its own (choice `all`).
        public struct Separation: Sendable, Hashable {
            /// The version separated.
            public var version: DocumentVersion
            /// Its new filename, `Name (version N).ext`, beside the document.
            public var name: RawPath
        }

        /// Nothing to do: no conflict versions.
        public var isEmpty: Bool { versions.isResolved }
    }

    /// What `resolve(_:keeping:)` would do now, changing nothing.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - choice: Which version to keep.
    /// - Returns: The plan; empty when the document has no conflict versions.
    /// - Throws: ``DocKitError/Code/invalidValue`` when keeping the
    ///   current version and there is none;
    ///   ``DocKitError/Code/versionNotFound`` for a version
    ///   number that is not a conflict version's;
    ///   ``DocKitError/Code/alreadyExists`` when `all` finds no free name for a
    ///   version; ``DocKitError/Code/fileSystem`` when the versions cannot be listed.
    public func plan(_ document: Document, keeping choice: Choice) throws -> Plan {
        let versions = try catalog.versions(of: document)
        var plan = Plan(versions: versions, kept: versions.current, separated: [], trashed: [])
        guard !versions.isResolved else { return plan }
        let name = document.qualifiedName
        if try catalog.lostTree(of: document) != nil { return try planLostPackage(versions, keeping: choice) }
        let all = [versions.current].compactMap { $0 } + versions.unresolvedConflicts
        switch choice {
        case .current:
            guard versions.current != nil else { throw DocKitError(VersionsError.noCurrentVersion(document: name)) }
        case .newest:
            plan.kept = all.max { ($0.modificationDate, -$0.number) < ($1.modificationDate, -$1.number) }
        case .version(let number):
            guard let version = versions.unresolvedConflicts.first(where: { $0.number == number }) else {
                throw DocKitError(VersionsError.noSuchVersion(document: name, number: number, count: versions.unresolvedConflicts.count))
            }
            plan.kept = version
        case .all:
            plan.kept = versions.current ?? versions.unresolvedConflicts.first
            var taken: Set<RawPath> = []
            for version in versions.unresolvedConflicts where version != plan.kept {
                // The current version is the first; without one, the first copy takes its place.
                let ordinal = version.number + (versions.current == nil ? 0 : 1)
                let separateName = try freeName(for: document, ordinal: ordinal, avoiding: taken)
                taken.insert(separateName)
                plan.separated.append(.init(version: version, name: separateName))
            }
        }
        plan.trashed = all.filter { $0 != plan.kept && !plan.separated.map(\.version).contains($0) }
        return plan
    }

    /// Resolves the conflict as ``plan(_:keeping:)`` says, holding the
    /// document's lock; refuses while it is open or incomplete unless
    /// ``force``.
    ///
    /// This blocks while it moves the versions aside; from a task, `await`
    /// its async form, which runs on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - choice: Which version to keep.
    /// - Returns: What was done; an empty plan when there was no conflict.
    /// - Throws: What ``plan(_:keeping:)`` throws; ``DocKitError``
    ///   when another process holds the document, a handler has it open or
    ///   a sync engine is writing it (unless ``force``);
    ///   ``DocKitError/Code/notFound`` when it is gone once locked;
    ///   ``DocKitError/Code/fileSystem`` when a version cannot be moved or trashed.
    @discardableResult
    public func resolve(_ document: Document, keeping choice: Choice) throws -> Plan {
        if try catalog.lostTree(of: document) != nil { return try resolveLostPackage(document, keeping: choice) }
        return try holding(document) {
            let plan = try plan(document, keeping: choice)
            guard !plan.isEmpty else { return plan }
            let current = document.path.deletingLastComponent.appending(document.filename)
            if document.isPackage, let present = plan.versions.current {
                try resolvePackage(current, plan: plan, present: present)
            } else {
                try resolveFile(current, plan: plan)
            }
            return plan
        }
    }

    /// `body`'s result, run holding the document's lock, once it is known
    /// to be still there, not open and complete (unless ``force``).
    func holding<Result>(_ document: Document, _ body: () throws -> Result) throws -> Result {
        let locks = LockDirectory(home: catalog.home)
        let lock = try DocumentLock([document.path], in: locks, holder: LockHolder(activity: "resolving the conflict in \(document.qualifiedName)"), waiting: force)
        defer { lock.release() }
        try DocumentLock.checkStillThere(document)
        try OpenDocumentRecord.refuseIfOpen(document.path, name: document.qualifiedName, in: locks, force: force)
        try SyncActivity.refuseIfIncomplete(document, force: force, in: catalog)
        return try body()
    }

    /// Step 1 for a file: the kept copy is exchanged with the current file,
    /// which goes to the Trash (a journaled move). Separated versions take
    /// their names; step 3 sends the rest to the Trash, each journaled.
    private func resolveFile(_ current: RawPath, plan: Plan) throws {
        if let kept = plan.kept, !kept.isCurrent, let path = kept.path {
            _ = try JournaledMove(home: catalog.home, trash: trash).move(path, to: current, replace: plan.versions.current != nil)
        }
        try separate(plan)
        let deletion = JournaledDeletion(home: catalog.home, trash: trash)
        for version in plan.trashed where !version.isCurrent {
            if let path = version.path, FileSystem.inode(of: path) != nil { _ = try deletion.moveToTrash(path) }
        }
    }

    /// A package is rebuilt whole with the kept version's files and
    /// exchanged in one step; its old self, holding every version inside,
    /// goes to the Trash. Copies beside it are handled as a file's.
    private func resolvePackage(_ package: RawPath, plan: Plan, present: DocumentVersion) throws {
        let inside = plan.kept?.files.isEmpty == false ? plan.kept : nil
        if let kept = plan.kept, kept.files.isEmpty, !kept.isCurrent, let path = kept.path {
            // A copy of the whole package beside it.
            _ = try JournaledMove(home: catalog.home, trash: trash).move(path, to: package, replace: true)
        }
        try separate(plan)
        let deletion = JournaledDeletion(home: catalog.home, trash: trash)
        for version in plan.trashed where !version.isCurrent && version.files.isEmpty {
            if let path = version.path, FileSystem.inode(of: path) != nil { _ = try deletion.moveToTrash(path) }
        }
        if try !PackageContents.walk(package).conflictCopies.isEmpty {
            _ = try JournaledResolution(home: catalog.home, trash: trash).resolve(package, keeping: inside)
        }
    }

    /// `all`: each version becomes a document of its own. A copy beside the
    /// document is renamed; a package's version is built whole first.
    private func separate(_ plan: Plan) throws {
        guard !plan.separated.isEmpty else { return }
        let folder = plan.versions.document.path.deletingLastComponent
        let package = folder.appending(plan.versions.document.filename)
        for separation in plan.separated {
            let destination = folder.appending(separation.name)
            if let path = separation.version.path {
                try FileSystem.renameWithoutReplacing(path, to: destination)
            } else {
                try JournaledResolution(home: catalog.home, trash: trash).separate(package, keeping: separation.version, at: destination)
            }
        }
    }

    /// "Name (version K).ext", or with a higher K when that is taken.
    private func freeName(for document: Document, ordinal: Int, avoiding taken: Set<RawPath>) throws -> RawPath {
        let filename = document.filename
        let split = filename.bytes.count - document.extensionLength
        let folder = document.path.deletingLastComponent
        for number in ordinal...(ordinal + 10_000) {
            let name = RawPath(bytes: Array(filename.bytes[..<split]) + Array(" (version \(number))".utf8) + Array(filename.bytes[split...]))
            if taken.contains(name) { continue }
            if try !DocumentName.isTaken(folder.appending(name), caseInsensitive: document.location == .cloud) { return name }
        }
        throw DocKitError(CatalogError.nameTaken("\(document.location):\(document.displayName) (version \(ordinal))"))
    }
}
