import Foundation

extension DocumentCatalog {
    /// Notes that docbrowser has just finished writing the document at
    /// `relativePath` of `location`, so that the quiet period does not take
    /// its fresh change time for a sync engine at work
    /// (``CatalogStore/OwnChange``). Only the cloud location is judged by
    /// the quiet period, so only its documents are noted.
    ///
    /// Failing to note costs nothing but the quiet period: the document is
    /// then listed incomplete for a moment, as before, so callers that have
    /// already changed the disk go on when this fails.
    ///
    /// - Parameters:
    ///   - location: The document's location.
    ///   - relativePath: The document, relative to the location's Documents folder.
    func noteOwnChange(in location: Location, at relativePath: RawPath) throws {
        guard location == .cloud, quietPeriod.length > .zero else { return }
        let path = try locations.existingDocumentsDirectory(location).appending(relativePath)
        guard let status = try FileStatus.of(path) else { return }
        // A package's entries' changes count too, as the scanner counts them.
        let isPackage = status.kind == .directory
            && registry.isPackage(registry.type(forFileName: relativePath.lastComponent.description, isDirectory: true).identifier)
        let package = isPackage ? try PackageContents.walk(path) : nil
        let change = CatalogStore.OwnChange(status: status, package: package)
        try scanner.catalog.recordOwnChange(change, at: relativePath, in: location, now: Nanoseconds.now)
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
