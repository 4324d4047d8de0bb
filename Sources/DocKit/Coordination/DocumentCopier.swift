#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Copies documents, a package whole: beside themselves (a duplicate),
/// into a location, or out of docbrowser into any folder. A copy is made
/// under a hidden journaled name beside its destination, checked against
/// changes made to the source meanwhile, flushed, and only then renamed
/// into place without replacing, so no half copy is ever in view and a
/// kill leaves nothing the next command does not remove.
public struct DocumentCopier: Sendable {
    /// The catalog of the home whose documents are copied.
    public let catalog: DocumentCatalog
    /// Where `replace` sends what it displaces.
    public let trash: Trash
    /// Copy documents a sync engine is still writing, and wait for other
    /// docbrowser processes instead of refusing.
    public var force: Bool

    /// Creates a copier.
    ///
    /// - Parameters:
    ///   - catalog: The catalog of the home.
    ///   - trash: Where a replaced document goes.
    ///   - force: Whether to override the checks described at ``force``.
    public init(catalog: DocumentCatalog, trash: Trash, force: Bool = false) {
        self.catalog = catalog
        self.trash = trash
        self.force = force
    }

    /// Where a copy went.
    public struct Result: Sendable, Hashable {
        /// The document copied, as listed.
        public var source: Document
        /// The copy's path.
        public var destination: RawPath
        /// The copy as listed, when it is in a location.
        public var copy: Document?
        /// The name under which `replace`'s displaced item went to the Trash.
        public var displacedTrashName: String?
    }

    /// Copies `document` beside itself as `Name copy.ext`, then
    /// `Name copy 2.ext`, … as the Finder names duplicates.
    ///
    /// This blocks while it copies; from a task, `await` its async form,
    /// which runs on a thread of its own.
    ///
    /// - Parameter document: The document, as listed.
    /// - Returns: The copy, listed.
    /// - Throws: What ``copy(_:to:onConflict:)-4tczc`` throws.
    public func duplicate(_ document: Document) throws -> Result {
        let folder = document.path.deletingLastComponent
        return try copy(document, into: folder, policy: .rename) { number in
            DocumentName.copyNamed(document.filename, extensionLength: document.extensionLength, number)
        }
    }

    /// Copies `document` into `location`, at the same place in its folders.
    ///
    /// This blocks while it copies; from a task, `await` its async form,
    /// which runs on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - location: Where the copy goes; the document's own location makes a second copy there only under `rename`.
    ///   - policy: When the name is taken: fail, take "Name 2.ext", or replace (the old one to the Trash).
    /// - Returns: The copy, listed.
    /// - Throws: ``DocKitError`` when the document is not downloaded, changed
    ///   while copied, or its name is taken under `fail`;
    ///   ``DocKitError`` when a sync engine is still writing it (unless
    ///   ``force``) or another process holds it; ``DocKitError/Code/fileSystem`` when a
    ///   file operation fails.
    public func copy(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) throws -> Result {
        try copy(document, to: DocumentDestination(location), onConflict: policy)
    }

    /// ``copy(_:to:onConflict:)-4tczc`` into a folder of a location.
    ///
    /// This blocks while it copies; from a task, `await` its async form,
    /// which runs on a thread of its own.
    ///
    /// - Throws: What ``copy(_:to:onConflict:)-4tczc`` throws;
    ///   ``DocKitError/Code/noSuchFolder`` when the folder is not one `list`
    ///   shows; ``DocKitError/Code/refused`` for a folder copied
    ///   into itself.
    public func copy(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) throws -> Result {
        let location = destination.location
        let root = try catalog.locations.existingDocumentsDirectory(location)
        let parent = try catalog.folder(of: destination) ?? document.relativePath.deletingLastComponent
        try DocumentMover.refuseIntoItself(document, location: location, parent: parent)
        let folder = parent.isEmpty ? root : root.appending(parent)
        try FileSystem.createDirectory(folder)
        return try copy(document, into: folder, policy: policy) { number in
            DocumentName.numbered(document.filename, extensionLength: document.extensionLength, number)
        }
    }

    /// Copies `document` out of docbrowser into `folder`, as a plain file
    /// or folder for sharing.
    ///
    /// This blocks while it copies; from a task, `await` its async form,
    /// which runs on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - folder: An existing folder anywhere.
    ///   - policy: When the name is taken there.
    /// - Returns: Where the copy is.
    /// - Throws: What ``copy(_:to:onConflict:)-4tczc`` throws, and
    ///   ``DocKitError/Code/folderGone`` when `folder` is not one.
    public func copy(_ document: Document, toFolder folder: RawPath, onConflict policy: ConflictPolicy) throws -> Result {
        guard try FileStatus.of(folder)?.kind == .directory else {
            throw DocKitError(MoveError.destinationFolderMissing(folder.appending(document.filename).description, folder: folder.description))
        }
        return try copy(document, into: folder, policy: policy) { number in
            DocumentName.numbered(document.filename, extensionLength: document.extensionLength, number)
        }
    }

    private func copy(_ document: Document, into folder: RawPath, policy: ConflictPolicy, name: (Int) -> RawPath) throws -> Result {
        if document.states.contains(.notDownloaded) { throw DocKitError(MoveError.notDownloaded(document.qualifiedName)) }
        let locks = LockDirectory(home: catalog.home)
        let holder = LockHolder(activity: "copying \(document.qualifiedName)")
        for number in 1...10_000 {
            let destination = folder.appending(name(number))
            if destination == document.path { continue }
            let lock = try DocumentLock([document.path, destination], in: locks, holder: holder, waiting: force)
            defer { lock.release() }
            try DocumentLock.checkStillThere(document)
            try SyncActivity.refuseIfIncomplete(document, force: force, in: catalog)
            let taken = try FileStatus.of(destination) != nil
            if taken {
                switch policy {
                case .fail: throw DocKitError(MoveError.destinationTaken(destination.description))
                case .rename: continue
                case .replace: break
                }
            }
            guard let outcome = try place(document, at: destination, replacing: taken) else {
                if policy == .rename { continue }
                throw DocKitError(MoveError.destinationTaken(destination.description))
            }
            try? catalog.noteOwnChange(at: destination)
            let copy = try? catalog.resolve(destination.description)
            return Result(source: document, destination: destination, copy: copy, displacedTrashName: outcome.displacedTrashName?.description)
        }
        throw DocKitError(MoveError.destinationTaken(folder.appending(name(1)).description))
    }

    /// Copies into a journaled temporary beside `destination`, then puts it
    /// there; nil when another program took the name meanwhile.
    private func place(_ document: Document, at destination: RawPath, replacing: Bool) throws -> JournaledMove.Outcome? {
        let identifier = OperationJournal.newIdentifier(for: catalog.home)
        let temporary = OperationJournal.temporary(beside: destination, identifier: identifier, role: "copy")
        let journal = try OperationJournal(home: catalog.home, identifier: identifier, begin: .delivery(temporary: temporary))
        defer { journal.finish() }
        do {
            try TreeCopier().copyVerified(document.path, to: temporary)
            try FileSystem.synchronizeDirectory(destination.deletingLastComponent)
            CrashPoint.reached("copied")
            return try JournaledMove(home: catalog.home, trash: trash).move(temporary, to: destination, replace: replacing)
        } catch let error as DocKitError where error.fileSystemFailure?.errno == EEXIST && error.fileSystemFailure?.path == destination {
            try TreeRemover.remove(temporary)
            return nil
        } catch {
            try? TreeRemover.remove(temporary)
            throw error
        }
    }
}
