import Foundation

extension DocumentCatalog {
    /// Creates an empty document of `type`: an empty file, or an empty
    /// directory for a package type. Without a name it is "Untitled",
    /// "Untitled 2", …, never replacing anything, even when another
    /// process creates documents at the same moment.
    /// Without a type, the name's extension says it, as it would for a file
    /// saved under that name ("Notes.md" is Markdown).
    ///
    /// - Parameters:
    ///   - name: The document's name, with or without an extension; `nil` for
    ///     the first free "Untitled" name.
    ///   - identifier: The type identifier (a UTI) of the new document; `nil`
    ///     for the type the name's extension implies.
    ///   - location: Where to create it; `nil` for the preferred storage.
    /// - Returns: The new document, as the catalog lists it.
    /// - Throws: ``DocKitError/Code/typeNotFound`` for an undeclared type;
    ///   ``DocKitError/Code/invalidValue`` when no type is given and the name
    ///   implies none; ``DocKitError/Code/invalidName``;
    ///   ``DocKitError/Code/invalidValue`` when the name needs the type's
    ///   extension and it declares none; ``DocKitError/Code/alreadyExists`` when
    ///   the given name exists; ``DocKitError`` when the Documents folder is
    ///   missing or unusable; ``DocKitError/Code/fileSystem`` when the file cannot be created.
    public func createDocument(named name: String?, type identifier: String? = nil, in location: Location? = nil) throws -> Document {
        let type: UTType
        if let identifier {
            guard let declared = registry.type(withIdentifier: identifier) else { throw DocKitError(TypeRegistryError.unknownType(identifier)) }
            type = declared
        } else {
            type = try impliedType(of: name ?? "Untitled")
        }
        let location = location ?? configuration.preferredLocation
        let directory = try locations.existingDocumentsDirectory(location)
        let isPackage = registry.isPackage(type.identifier)
        let (base, ext) = try nameParts(name, type: type)
        let limit = name == nil ? 10_000 : 1
        for number in 1...limit {
            let filename = DocumentName.numbered(base, number, extension: ext)
            try DocumentName.validate(filename)
            try DocumentName.validateListed(RawPath(escaped: filename), atTopLevel: true)
            let path = try directory.appending(name: RawPath(escaped: filename))
            if try create(path, asDirectory: isPackage, caseInsensitive: location == .cloud) {
                try? noteOwnChange(in: location, at: RawPath(escaped: filename))
                return try document(in: location, at: RawPath(escaped: filename))
            }
            if name != nil { throw DocKitError(CatalogError.nameTaken("\(location):\(filename)")) }
        }
        throw DocKitError(CatalogError.nameTaken("\(location):\(base)"))
    }

    private func impliedType(of name: String) throws(DocKitError) -> UTType {
        let asFile = registry.type(forFileName: name, isDirectory: false)
        if !asFile.isDynamic, asFile.identifier != UTType.data { return asFile }
        let asPackage = registry.type(forFileName: name, isDirectory: true)
        if asPackage.identifier != UTType.folder { return asPackage }
        throw DocKitError(CatalogError.typeNotImplied(name))
    }

    /// False when the name is taken, by a file or by the placeholder of a
    /// document not downloaded yet.
    private func create(_ path: RawPath, asDirectory: Bool, caseInsensitive: Bool) throws(DocKitError) -> Bool {
        if try Self.placeholderExists(for: path) { return false }
        if try DocumentName.equivalentName(to: path, caseInsensitive: caseInsensitive) != nil { return false }
        do {
            if asDirectory {
                try FileSystem.createNewDirectory(path)
            } else {
                try FileSystem.createNewFile(path)
            }
            return true
        } catch {
            if error.errno == EEXIST { return false }
            throw error
        }
    }

    /// A given name keeps an extension of the type it already has
    /// (`Report.PDF` for a PDF); any other gets the type's preferred one.
    private func nameParts(_ name: String?, type: UTType) throws(DocKitError) -> (base: String, extension: String?) {
        guard let name else {
            guard let ext = type.preferredFilenameExtension else {
                throw DocKitError(CatalogError.typeHasNoExtension(type.identifier))
            }
            return ("Untitled", ext)
        }
        try DocumentName.validate(name)
        for candidate in TypeRegistry.extensionCandidates(of: name) where type.filenameExtensions.contains(candidate.lowercased()) {
            return (String(name.dropLast(candidate.count + 1)), candidate)
        }
        guard let ext = type.preferredFilenameExtension else { throw DocKitError(CatalogError.typeHasNoExtension(type.identifier)) }
        return (name, ext)
    }

    /// Renames a document in place, a package whole. The extension stays
    /// unless `newName` ends with another extension of the same type
    /// (`.jpeg` for a `.jpg`). An existing name is never replaced.
    ///
    /// Like every mutation, it takes the locks of the document and of its
    /// new name, and refuses a document a handler has open, unless `force`
    /// (which waits for other docbrowser processes instead of refusing).
    ///
    /// - Parameters:
    ///   - document: The document to rename.
    ///   - newName: Its new name, with or without an extension.
    ///   - force: Whether to go ahead although a handler has it open, a sync
    ///     engine is writing it or conflict copies lie beside it, and to wait
    ///     for other docbrowser processes instead of refusing.
    /// - Returns: The renamed document, as the catalog lists it.
    /// - Throws: ``DocKitError/Code/invalidName``;
    ///   ``DocKitError/Code/alreadyExists`` when the new name exists;
    ///   ``DocKitError/Code/busy`` while another docbrowser
    ///   process holds either name (without `force`); without `force`,
    ///   ``DocKitError/Code/inUse``,
    ///   ``DocKitError/Code/incomplete`` or
    ///   ``DocKitError/Code/incomplete``, and
    ///   ``DocKitError/Code/unresolvedConflict``;
    ///   ``DocKitError/Code/notFound`` when it is gone once locked;
    ///   ``DocKitError/Code/fileSystem`` when the rename fails.
    public func renameDocument(_ document: Document, to newName: String, force: Bool = false) throws -> Document {
        try DocumentName.validate(newName)
        let filename = renamedFilename(document, newName)
        try DocumentName.validate(filename)
        try DocumentName.validateListed(filename, atTopLevel: document.relativePath.components.count == 1)
        let destination = try document.path.deletingLastComponent.appending(name: filename)
        let locks = LockDirectory(home: home)
        let lock = try DocumentLock([document.path, destination], in: locks,
                                    holder: LockHolder(activity: "renaming \(document.qualifiedName)"), waiting: force)
        defer { lock.release() }
        try DocumentLock.checkStillThere(document)
        try OpenDocumentRecord.refuseIfOpen(document, in: locks, force: force)
        try SyncActivity.refuseIfIncomplete(document, force: force, in: self)
        try DocumentVersions.refuseIfCopiesBeside(document, action: "rename", force: force)
        if document.states.contains(.notDownloaded) {
            return try renamePlaceholder(document, to: filename)
        }
        if destination == document.path { return document }
        let qualified = qualifiedName(document, renamedTo: filename)
        if try Self.placeholderExists(for: destination)
            || DocumentName.equivalentName(to: destination, caseInsensitive: document.location == .cloud, except: document.path) != nil {
            throw DocKitError(CatalogError.nameTaken(qualified))
        }
        do {
            try FileSystem.renameWithoutReplacing(document.path, to: destination)
        } catch {
            if error.errno == EEXIST { throw DocKitError(CatalogError.nameTaken(qualified)) }
            throw error
        }
        try FileSystem.synchronizeDirectory(destination.deletingLastComponent)
        try? noteOwnChange(in: document.location, at: renamedPath(document, filename))
        return try self.document(in: document.location, at: renamedPath(document, filename))
    }

    /// `local:Folder/New.ext`, as `list` will show the renamed document.
    private func qualifiedName(_ document: Document, renamedTo filename: RawPath) -> String {
        "\(document.location):\(renamedPath(document, filename))"
    }

    private func renamedPath(_ document: Document, _ filename: RawPath) -> RawPath {
        document.relativePath.deletingLastComponent.appending(filename)
    }

    /// A document not downloaded yet is only its placeholder,
    /// `.Name.ext.icloud`: it is renamed to `.New.ext.icloud` with the name
    /// inside changed to match, so it stays a placeholder, never a visible
    /// file holding a property list.
    private func renamePlaceholder(_ document: Document, to filename: RawPath) throws -> Document {
        let directory = document.path.deletingLastComponent
        let visible = try directory.appending(name: filename)
        let placeholder = Self.placeholderPath(for: visible)
        if placeholder == document.path { return document }
        let qualified = qualifiedName(document, renamedTo: filename)
        if try FileStatus.of(visible) != nil { throw DocKitError(CatalogError.nameTaken(qualified)) }
        var contents = (try? PropertyListFile.readDictionary(at: document.path.url)) ?? [:]
        contents["NSURLNameKey"] = filename.description
        let data: Data
        do {
            data = try PropertyListEncoding.data(contents, format: .binary)
        } catch {
            throw DocKitError(MalformedFileError(path: document.path.description, reason: error.reason))
        }
        let temporary = directory.appending(FileSystem.temporaryName(owner: home.deviceTag))
        try FileSystem.writeAtomically(data, to: temporary, owner: home.deviceTag)
        do {
            try FileSystem.renameWithoutReplacing(temporary, to: placeholder)
        } catch {
            _ = temporary.withCString { unlink($0) }
            if error.errno == EEXIST { throw DocKitError(CatalogError.nameTaken(qualified)) }
            throw error
        }
        _ = document.path.withCString { unlink($0) }
        try FileSystem.synchronizeDirectory(directory)
        return try self.document(in: document.location, at: renamedPath(document, filename))
    }

    /// `.Name.ext.icloud`, the placeholder that stands for `Name.ext`.
    /// Whether the placeholder of `path` is there. A name of 247 bytes or
    /// more, legal on its own, has no placeholder: `.NAME.icloud` would be
    /// longer than a name can be.
    static func placeholderExists(for path: RawPath) throws(DocKitError) -> Bool {
        guard path.lastComponent.bytes.count + 8 <= 255 else { return false }
        return try FileStatus.of(placeholderPath(for: path)) != nil
    }

    static func placeholderPath(for path: RawPath) -> RawPath {
        path.deletingLastComponent.appending(RawPath(bytes: Array(".".utf8) + path.lastComponent.bytes + Array(".icloud".utf8)))
    }

    /// The name typed, with the document's extension kept from its bytes
    /// on disk unless the typed name ends with one of the type's own.
    private func renamedFilename(_ document: Document, _ newName: String) -> RawPath {
        let typed = RawPath(escaped: newName)
        let extensions = registry.type(withIdentifier: document.type)?.filenameExtensions ?? []
        for candidate in TypeRegistry.extensionCandidates(of: newName) where extensions.contains(candidate.lowercased()) {
            return typed
        }
        let filename = document.filename.bytes
        return RawPath(bytes: typed.bytes + filename.suffix(document.extensionLength))
    }
}
