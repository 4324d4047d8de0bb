import Foundation

/// Deletes documents: to the freedesktop Trash by default, where file
/// managers and `trash-list` see and restore them, or outright. A package
/// goes whole. Like moves, deletions take the document's lock and respect
/// handlers that have it open.
public struct DocumentDeleter: Sendable {
    public let catalog: DocumentCatalog
    public let trash: Trash
    public var force: Bool

    public init(catalog: DocumentCatalog, trash: Trash = .home(), force: Bool = false) {
        self.catalog = catalog
        self.trash = trash
        self.force = force
    }

    public struct Result: Sendable, Hashable {
        public var document: Document
        /// Its name in `Trash/files`; nil when removed permanently.
        public var trashName: String?
        public var trashInfoPath: RawPath?
    }

    public func delete(_ document: Document, permanently: Bool) throws -> Result {
        let lock = try lockForDeletion(document)
        defer { lock.release() }
        let deletion = JournaledDeletion(home: catalog.home, trash: trash)
        if permanently {
            try deletion.removePermanently(document.path)
            return Result(document: document)
        }
        let name = try deletion.moveToTrash(document.path)
        return Result(document: document, trashName: name.description, trashInfoPath: trash.infoPath(name))
    }

    /// Refuses exactly what ``delete(_:permanently:)`` would refuse, and
    /// deletes nothing (`--dry-run`).
    public func rehearse(_ document: Document) throws {
        try lockForDeletion(document).release()
    }

    private func lockForDeletion(_ document: Document) throws -> DocumentLock {
        let locks = LockDirectory(home: catalog.home)
        let lock = try DocumentLock([document.path], in: locks, holder: LockHolder(activity: "deleting \(document.qualifiedName)"), waiting: force)
        do {
            try DocumentLock.checkStillThere(document)
            try OpenDocumentRecord.refuseIfOpen(document.path, name: document.qualifiedName, in: locks, force: force)
            try SyncActivity.refuseIfIncomplete(document, force: force)
            try DocumentVersions.refuseIfCopiesBeside(document, action: "deletion", force: force)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }
}
