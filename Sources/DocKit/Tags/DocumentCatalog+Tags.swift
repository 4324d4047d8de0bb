extension DocumentCatalog {
    /// Adds and removes tags of a document in `user.xdg.tags`, as one
    /// change: read, changed and written under the document's lock, so two
    /// processes tagging it at once both keep their tags.
    ///
    /// - Parameters:
    ///   - document: The document to tag.
    ///   - added: Names to add after the existing ones; a name already there stays where it is.
    ///   - removed: Names to remove; a name not there is no error.
    /// - Returns: The document's tags afterwards, Finder's included.
    /// - Throws: ``DocKitError/Code/invalidName`` for a name with a comma;
    ///   ``DocKitError/Code/notSupported`` when its file system keeps no user attributes;
    ///   ``DocKitError/Code/notSupported`` for a symbolic link;
    ///   ``DocKitError/Code/busy`` when another docbrowser
    ///   process holds it; ``DocKitError/Code/notFound`` when it went meanwhile;
    ///   ``DocKitError/Code/fileSystem`` when the attribute cannot be read or written.
    public func changeTags(of document: Document, adding added: [String], removing removed: [String]) throws -> DocumentTags {
        for name in added + removed { try DocumentTags.validate(name) }
        let lock = try DocumentLock([document.path], in: LockDirectory(home: home),
                                    holder: LockHolder(activity: "tagging \(document.qualifiedName)"))
        defer { lock.release() }
        try DocumentLock.checkStillThere(document)
        var tags = try DocumentTags.of(document.path)
        let changed = tags.changing(adding: added, removing: removed)
        if changed != tags.desktop {
            try ExtendedAttribute(path: document.path, name: DocumentTags.desktopAttribute).write(DocumentTags.value(of: changed))
            tags.desktop = changed
        }
        return tags
    }
}
