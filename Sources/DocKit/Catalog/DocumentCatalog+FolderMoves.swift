import Foundation

extension DocumentCatalog {
    /// Moves a document into a folder of its location, or up to the top
    /// level, as the Files app's drag onto a folder does: one rename(2), so
    /// that a kill at any instant leaves it in one place or the other.
    /// A document not yet downloaded moves as its placeholder.
    ///
    /// Between locations, ``DocumentMover`` moves documents.
    ///
    /// - Parameters:
    ///   - document: The document to move.
    ///   - folder: The folder's path in the document's location; empty for the top level.
    ///   - force: Whether to go ahead although a handler has it open, a sync
    ///     engine is writing it or conflict copies lie beside it, and to wait
    ///     for other docbrowser processes instead of refusing.
    /// - Returns: The document in its new place, as the catalog lists it.
    /// - Throws: ``CatalogError/documentNotFound(_:)`` when the folder does not
    ///   exist, ``CatalogError/notAFolder(_:)`` when it is a file or package,
    ///   ``CatalogError/folderIntoItself(_:)`` for a folder into itself or
    ///   below; ``CatalogError/nameTaken(_:)`` when the folder holds the
    ///   name; the coordination errors ``renameDocument(_:to:force:)``
    ///   throws; ``FileSystemError`` when the rename fails.
    public func moveDocument(_ document: Document, intoFolder folder: RawPath, force: Bool = false) throws -> Document {
        let root = locations.documentsDirectory(document.location)
        var directory = root
        if !folder.isEmpty {
            let target = try self.document(in: document.location, at: folder)
            guard target.isFolder else { throw CatalogError.notAFolder(target.qualifiedName) }
            if folder == document.relativePath || folder.bytes.starts(with: document.relativePath.bytes + [UInt8(ascii: "/")]) {
                throw CatalogError.folderIntoItself(document.qualifiedName)
            }
            directory = target.path
        }
        let entry = document.relativePath.lastComponent
        let destination = directory.appending(entry)
        if destination == document.path { return document }
        // A placeholder is looked up, and named, as the file it stands for.
        let relative = folder.isEmpty ? document.filename : folder.appending(document.filename)
        let qualified = "\(document.location):\(relative)"

        // Looked up once the lock is released, so that it is not listed as locked.
        do {
            let locks = LockDirectory(home: home)
            let lock = try DocumentLock([document.path, destination], in: locks,
                                        holder: LockHolder(activity: "moving \(document.qualifiedName) into \(folder.isEmpty ? "the top level" : folder.description)"),
                                        waiting: force)
            defer { lock.release() }
            try DocumentLock.checkStillThere(document)
            try OpenDocumentRecord.refuseIfOpen(document.path, name: document.qualifiedName, in: locks, force: force)
            try SyncActivity.refuseIfIncomplete(document, force: force, quietPeriod: quietPeriod)
            try DocumentVersions.refuseIfCopiesBeside(document, action: "move", force: force)
            let visible = directory.appending(document.filename)
            if try Self.placeholderExists(for: visible) || FileStatus.of(visible) != nil
                || DocumentName.equivalentName(to: destination, caseInsensitive: document.location == .cloud) != nil {
                throw CatalogError.nameTaken(qualified)
            }
            do {
                try FileSystem.renameWithoutReplacing(document.path, to: destination)
            } catch {
                if error.errno == EEXIST { throw CatalogError.nameTaken(qualified) }
                throw error
            }
            try FileSystem.synchronizeDirectory(directory)
            try FileSystem.synchronizeDirectory(document.path.deletingLastComponent)
        }
        return try self.document(in: document.location, at: relative)
    }
}
