import DocKit
import Foundation

/// The user's bugs, in a docbrowser home: made, opened, shared and
/// received through DocKit's ``DocumentLibrary``, as `docbrowser` itself
/// reaches them, so the two never disagree about a bug.
public struct BugShelf: Sendable {
    /// The home, opened.
    public let library: DocumentLibrary
    /// How often an open bug's unsaved changes are saved.
    public var autosaveInterval: Duration

    /// - Parameters:
    ///   - home: The docbrowser home the bugs live in.
    ///   - trash: Where bugs a conflict resolution discards go.
    ///   - environment: Where XDG directories and plugins are found.
    ///   - autosaveInterval: How often an open bug is autosaved.
    public init(home: Home, trash: Trash, environment: [String: String], autosaveInterval: Duration = .seconds(5)) {
        library = DocumentLibrary(home: home, trash: trash, environment: environment)
        self.autosaveInterval = autosaveInterval
    }

    /// Registers the app with docbrowser: its types join the registry,
    /// and `docbrowser open` hands bugs to `executable`.
    ///
    /// - Parameter executable: The app's program, by absolute path.
    /// - Returns: The stored registration.
    /// - Throws: ``DocKitError`` or ``DocKitError/Code/fileSystem`` when the manifest
    ///   cannot be stored.
    @discardableResult
    public func registerApp(executable: String) throws -> HandlerManifest {
        let manifest = FileManager.default.temporaryDirectory.appending(path: "\(ScaryBugsManifest.identifier)-\(UUID().uuidString).plist")
        try ScaryBugsManifest.propertyList(executable: executable).write(to: manifest)
        defer { try? FileManager.default.removeItem(at: manifest) }
        return try HandlerRegistration(home: library.home).register(manifest, environment: library.environment)
    }

    /// Makes a new bug and leaves it open.
    ///
    /// - Parameters:
    ///   - name: Its name, without `.scarybug`.
    ///   - bug: What it says.
    ///   - image: Its picture.
    ///   - location: Where it goes, local or cloud.
    /// - Returns: The open bug.
    /// - Throws: ``BugError/exists(name:)`` when the name is taken;
    ///   ``DocKitError`` or ``DocKitError`` when it cannot be saved.
    public func newBug(named name: String, _ bug: ScaryBug, image: BugImage? = nil, in location: Location = .local) async throws -> BugDocument {
        let catalog = try openCatalog()
        let folder = try catalog.locations.existingDocumentsDirectory(location)
        let filename = "\(name).\(ScaryBugsManifest.bugExtension)"
        let document = editableDocument(at: folder.appending(RawPath(filename)), contents: BugContents(bug: bug, image: image))
        do {
            try await document.document.save(for: .forCreating)
        } catch {
            if error.code == .alreadyExists { throw BugError.exists(name: filename) }
            throw error
        }
        return document
    }

    /// Opens a bug by name, as `docbrowser list` shows it, or by path.
    ///
    /// - Parameter name: The bug's name (`Ladybug`, `cloud:Ladybug.scarybug`) or path.
    /// - Returns: The open bug.
    /// - Throws: ``DocKitError`` when there is no such bug;
    ///   ``DocKitError`` when it cannot be opened or read.
    public func openBug(_ name: String) async throws -> BugDocument {
        let document = editableDocument(at: try find(name, in: openCatalog()).path, contents: BugContents())
        try await document.document.open()
        return document
    }

    /// Zips bugs into one archive for sharing, through docbrowser's
    /// export plugin: an `.sbz` name gives the app's own archive type.
    ///
    /// - Parameters:
    ///   - names: The bugs, by name or path.
    ///   - archive: The archive to write.
    ///   - replacing: Whether an existing archive may be replaced.
    /// - Returns: What was written.
    /// - Throws: ``DocKitError`` for an unknown bug, ``DocKitError`` when
    ///   the archive exists, ``DocKitError/Code/pluginFailed`` when the plugin fails.
    public func share(_ names: [String], to archive: RawPath, replacing: Bool = false) async throws -> ArchiveExporter.Summary {
        let catalog = try library.catalog()
        let bugs = try names.map { try find($0, in: catalog) }
        let format = try ArchiveFormat(output: archive.description, registry: catalog.registry)
        return try await library.exporter().export(bugs.map(\.path), to: archive, options: .init(format: format, force: replacing))
    }

    /// Brings the bugs in a shared archive onto the shelf; a name that is
    /// taken gets a new one, as the Files app does.
    ///
    /// - Parameters:
    ///   - archive: The archive, as ``share(_:to:replacing:)`` writes it.
    ///   - location: Where the bugs go.
    /// - Returns: The bugs received.
    /// - Throws: ``DocKitError`` or ``DocKitError/Code/pluginFailed`` for an archive that is
    ///   refused or cannot be read.
    public func receive(_ archive: RawPath, in location: Location = .local) async throws -> DocumentImporter.Result {
        let catalog = try library.catalog()
        let extractor = ArchiveExtractor(locator: library.plugins(registry: catalog.registry), home: library.home, environment: library.environment)
        // An .sbz is a zip, and to docbrowser one document; to this app
        // it is bugs to take apart.
        return try await DocumentImporter(catalog: catalog, extractor: extractor, trash: library.trash, archiveTypes: [ScaryBugsManifest.archiveType])
            .importFiles([archive], to: location, onConflict: .rename)
    }

    /// Ends a conflict the sync engine left: keeps one version, and sends
    /// the others to the Trash.
    ///
    /// - Parameters:
    ///   - name: The bug in conflict.
    ///   - choice: Which version to keep.
    /// - Returns: What was kept and what was trashed.
    /// - Throws: ``DocKitError`` for an unknown bug; ``DocKitError``
    ///   or ``DocKitError`` when it cannot be resolved now.
    public func resolveConflict(of name: String, keeping choice: ConflictResolver.Choice) throws -> ConflictResolver.Plan {
        let catalog = try openCatalog()
        return try ConflictResolver(catalog: catalog, trash: library.trash).resolve(try find(name, in: catalog), keeping: choice)
    }

    /// A bug's versions: the current one and what sync engines left.
    ///
    /// - Parameter name: The bug, by name or path.
    /// - Returns: Its versions.
    /// - Throws: ``DocKitError`` for an unknown bug; ``DocKitError/Code/fileSystem``
    ///   when its package cannot be read.
    public func versions(of name: String) throws -> DocumentVersions {
        try DocumentVersions.of(find(name, in: openCatalog()))
    }

    /// A bug by the name the user gives, with or without `.scarybug`.
    private func find(_ name: String, in catalog: DocumentCatalog) throws -> Document {
        if let document = try? catalog.resolve(name) { return document }
        return try catalog.resolve(name.hasSuffix("." + ScaryBugsManifest.bugExtension) ? name : "\(name).\(ScaryBugsManifest.bugExtension)")
    }

    private func openCatalog() throws -> DocumentCatalog {
        try library.openCatalog(registry: library.typeRegistry().registry).catalog
    }

    private func editableDocument(at path: RawPath, contents: BugContents) -> BugDocument {
        BugDocument(
            document: EditableDocument(
                path: path, type: ScaryBugsManifest.bugType, home: library.home, application: ScaryBugsManifest.name,
                applicationIdentifier: ScaryBugsManifest.identifier, contents: contents, autosaveInterval: autosaveInterval
            ),
            contents: contents
        )
    }
}
