import Foundation

extension DocumentCatalog {
    /// Creates a folder, and the folders above it that are missing: `path`
    /// may be nested (`Projects/2026`), as the Files app's "New Folder"
    /// inside a folder makes it.
    ///
    /// A folder's name never makes it a package: `Slides.key` would list
    /// as a Keynote document, so it is refused, at any level.
    ///
    /// - Parameters:
    ///   - path: The folder's path under the location, `/`-separated.
    ///   - location: Where; `nil` for the preferred storage.
    /// - Returns: The folder, as the catalog lists it.
    /// - Throws: ``DocKitError/Code/invalidName`` for an empty, hidden,
    ///   `.` or `..` component, or one that names a package type;
    ///   ``DocKitError/Code/alreadyExists`` when the folder exists, or a file
    ///   holds a name on its way; ``DocKitError`` when the Documents folder
    ///   is missing or unusable; ``DocKitError/Code/fileSystem`` when a folder cannot be made.
    public func createFolder(_ path: String, in location: Location? = nil) throws -> Document {
        let location = location ?? configuration.preferredLocation
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { throw DocKitError(CatalogError.invalidName(path, reason: "it is empty")) }
        for (index, component) in components.enumerated() {
            try DocumentName.validate(component)
            try DocumentName.validateListed(RawPath(escaped: component), atTopLevel: index == 0)
            let type = registry.type(forFileName: component, isDirectory: true)
            if registry.isPackage(type.identifier) {
                throw DocKitError(CatalogError.invalidName(component, reason: "a folder with this extension would be a \(type.description ?? type.identifier), not a folder"))
            }
        }
        var directory = try locations.existingDocumentsDirectory(location)
        var relative = RawPath(bytes: [])
        for (index, component) in components.enumerated() {
            let name = RawPath(escaped: component)
            directory = try directory.appending(name: name)
            relative = relative.isEmpty ? name : relative.appending(name)
            let isLast = index == components.count - 1
            switch try FileStatus.of(directory)?.kind {
            case nil:
                if try DocumentName.equivalentName(to: directory, caseInsensitive: location == .cloud) != nil {
                    throw DocKitError(CatalogError.nameTaken("\(location):\(relative)"))
                }
                if try !Self.makeFolder(directory), isLast {
                    throw DocKitError(CatalogError.nameTaken("\(location):\(relative)"))
                }
            case .directory where !isLast:
                continue
            default:
                throw DocKitError(CatalogError.nameTaken("\(location):\(relative)"))
            }
        }
        try? noteOwnChange(in: location, at: relative)
        return try document(in: location, at: relative)
    }

    /// False when another process made it first.
    private static func makeFolder(_ path: RawPath) throws(DocKitError) -> Bool {
        do {
            try FileSystem.createNewDirectory(path)
            return true
        } catch {
            if error.errno == EEXIST { return false }
            throw error
        }
    }
}
