import Foundation

extension DocumentCatalog {
    /// Notes that docbrowser has just finished writing the document at
    /// `relativePath` of `location`, so that the quiet period does not take
    /// its fresh change time for a sync engine at work
    /// (``CatalogStore/OwnChange``), nor a package it made smaller for a
    /// sync engine's loss of it (`PackageLoss`). Only the cloud location
    /// is judged by either, so only its documents are noted.
    ///
    /// Failing to note costs nothing but the quiet period: the document is
    /// then listed incomplete for a moment, as before, so callers that have
    /// already changed the disk go on when this fails.
    ///
    /// - Parameters:
    ///   - location: The document's location.
    ///   - relativePath: The document, relative to the location's Documents folder.
    func noteOwnChange(in location: Location, at relativePath: RawPath) throws {
        guard location == .cloud else { return }
        let root = try locations.existingDocumentsDirectory(location)
        var changes: [(RawPath, CatalogStore.OwnChange)] = []
        try collectOwnChanges(at: relativePath, under: root, into: &changes)
        try scanner.catalog.recordOwnChanges(changes, in: location, now: Nanoseconds.now)
    }

    /// The document at `relativePath` as it is now and, for a plain folder,
    /// every document inside it, which a copy made new as well.
    private func collectOwnChanges(at relativePath: RawPath, under root: RawPath, into changes: inout [(RawPath, CatalogStore.OwnChange)]) throws {
        let path = root.appending(relativePath)
        guard let status = try FileStatus.of(path) else { return }
        let isDirectory = status.kind == .directory
        // A package's entries' changes count too, as the scanner counts
        // them; a plain folder's, as a mutation of the folder counts them.
        let isPackage = isDirectory
            && registry.isPackage(registry.type(forFileName: relativePath.lastComponent.description, isDirectory: true).identifier)
        changes.append((relativePath, CatalogStore.OwnChange(status: status, package: isDirectory ? try PackageContents.walk(path) : nil)))
        guard isDirectory, !isPackage else { return }
        for name in try DirectoryReader.names(in: path) where DocumentEntryRules.verdict(for: name, atTopLevel: false) == .document {
            try collectOwnChanges(at: relativePath.appending(name), under: root, into: &changes)
        }
    }

    /// ``noteOwnChange(in:at:)`` for a document an app has just saved
    /// through ``EditableDocument``, which knows its home but holds no
    /// type registry: the one document at `path`, when it lies in the
    /// cloud location.
    static func noteOwnSave(at path: RawPath, home: Home) throws {
        let locations = DocumentLocations(home: home, configuration: try ConfigurationFile(home: home).load())
        guard let (location, relativePath) = locations.locate(path), location == .cloud, let status = try FileStatus.of(path) else { return }
        let package = status.kind == .directory ? try PackageContents.walk(path) : nil
        try CatalogStore(directory: home.catalogDirectory).recordOwnChanges(
            [(relativePath, CatalogStore.OwnChange(status: status, package: package))], in: location, now: Nanoseconds.now)
    }

    /// ``noteOwnChange(in:at:)`` for the document at `path`, when it lies
    /// in a location.
    func noteOwnChange(at path: RawPath) throws {
        guard let (location, relativePath) = locations.locate(path) else { return }
        try noteOwnChange(in: location, at: relativePath)
    }

    /// Whether the document at `relativePath` of `location`, whose own
    /// `lstat` is `status` and whose contents, for a package, are
    /// `package`, is still as docbrowser itself left it.
    func isOwnChange(in location: Location, at relativePath: RawPath, status: FileStatus, package: PackageContents?) throws -> Bool {
        try scanner.isOwnChange(relativePath, in: location, status: status, package: package)
    }
}
