import Foundation

/// Deletes documents: to the freedesktop Trash by default, where file
/// managers and `trash-list` see and restore them, or outright. A package
/// goes whole. Like moves, deletions take the document's lock and respect
/// handlers that have it open.
public struct DocumentDeleter: Sendable {
    /// The catalog of the home whose documents are deleted; its lock folder coordinates with other processes.
    public let catalog: DocumentCatalog
    /// Where documents go unless deleted permanently.
    public let trash: Trash
    /// Delete documents a handler has open, a sync engine is writing, or with conflict
    /// copies beside them, and wait for other docbrowser processes instead of refusing.
    public var force: Bool

    /// Creates a deleter.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of the home.
    ///   - trash: Where documents go: ``DocumentLibrary/trash``, or a Trash of the app's own.
    ///   - force: Whether to override the checks described at ``force``.
    public init(catalog: DocumentCatalog, trash: Trash, force: Bool = false) {
        self.catalog = catalog
        self.trash = trash
        self.force = force
    }

    /// What a deletion did.
    public struct Result: Sendable, Hashable {
        /// The document as it was listed before the deletion.
        public var document: Document
        /// Its name in `Trash/files`; nil when removed permanently.
        public var trashName: String?
        /// Its `.trashinfo` file; `nil` when removed permanently.
        public var trashInfoPath: RawPath?
    }

    /// Deletes `document`, a package whole, under its lock and a journal, so a crash
    /// leaves it either in place or deleted.
    ///
    /// This blocks while it trashes or removes the document; from a task,
    /// `await` its async form, which runs on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document to delete, as listed.
    ///   - permanently: `true` removes it outright; `false` moves it to the Trash.
    /// - Returns: The document and, when trashed, its name and info file in the Trash.
    /// - Throws: ``DocKitError`` when another process holds it, a handler has it
    ///   open or a sync engine is writing it (unless ``force``); ``DocKitError/Code/notFound``
    ///   when it is gone; ``DocKitError`` when conflict copies lie beside it;
    ///   ``DocKitError/Code/fileSystem`` when it cannot be trashed or removed.
    public func delete(_ document: Document, permanently: Bool) throws -> Result {
        let lock = try lockForDeletion(document)
        defer { lock.release() }
        if permanently {
            try JournaledDeletion(home: catalog.home, trash: trash).removePermanently(document.path)
            return Result(document: document)
        }
        // A mounted file system's own Trash, when the document is on one.
        let trash = trash.trash(forItemAt: document.path)
        let name = try JournaledDeletion(home: catalog.home, trash: trash).moveToTrash(document.path)
        return Result(document: document, trashName: name.description, trashInfoPath: trash.infoPath(name))
    }

    /// Refuses exactly what `delete(_:permanently:)` would refuse, and
    /// deletes nothing (`--dry-run`).
    ///
    /// - Parameter document: The document a deletion would delete, as listed.
    /// - Throws: What ``delete(_:permanently:)-7i8qk`` throws before deleting:
    ///   ``DocKitError`` when another process holds it, a handler has it
    ///   open or a sync engine is writing it (unless ``force``);
    ///   ``DocKitError/Code/notFound`` when it is gone; ``DocKitError`` when
    ///   conflict copies lie beside it.
    public func rehearse(_ document: Document) throws {
        try lockForDeletion(document).release()
    }

    private func lockForDeletion(_ document: Document) throws -> DocumentLock {
        let locks = LockDirectory(home: catalog.home)
        let lock = try DocumentLock([document.path], in: locks, holder: LockHolder(activity: "deleting \(document.qualifiedName)"), waiting: force)
        do {
            try DocumentLock.checkStillThere(document)
            try OpenDocumentRecord.refuseIfOpen(document, in: locks, force: force)
            try SyncActivity.refuseIfIncomplete(document, force: force, in: catalog)
            try DocumentVersions.refuseIfCopiesBeside(document, action: "deletion", force: force)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }
}
