import Foundation

/// A home opened for use: the one entry point through which an app, or the
/// `docbrowser` command, reaches its documents, types and handlers.
///
/// Opening a home's catalog first finishes or undoes what processes killed
/// mid-operation left behind, so an app that embeds DocKit never
/// sees a half-moved document, exactly as `docbrowser` does not.
///
/// ```swift
/// let library = DocumentLibrary(
///     home: Home(url: homeFolder), trash: Trash(directory: RawPath(trashFolder)),
///     environment: ProcessInfo.processInfo.environment
/// )
/// for document in try await library.documents() {
///     print(document.qualifiedName, document.type)
/// }
/// ```
///
/// Every service it makes (``catalog()``, ``mover(force:progress:)``,
/// ``deleter(force:)``, ``resolver(force:)``, ``importer(limits:force:)``,
/// ``exporter()``, ``thumbnailService(registry:configuration:)``) works in
/// its home, sends what it discards to its ``trash`` and runs its plugins.
///
/// Everything is read when asked for, not when the library is made: a
/// command that needs only the type registry never reads the catalog.
public struct DocumentLibrary: Sendable {
    /// The home: its Documents, cloud container, Library, Locks and Handlers.
    public let home: Home
    /// Where docbrowser's shared data (system types, bundled handlers)
    /// comes from: built into DocKit unless a folder replaces it.
    public let installation: Installation
    /// Where plugin programs, the bundled archiver among them, are found.
    public let pluginSearchPath: PluginSearchPath
    /// Where documents deleted without `permanent` go.
    public let trash: Trash
    /// The variables the home's XDG directories, `PATH` and desktop are
    /// found through, read once: building `ProcessInfo`'s copy again for
    /// each folder that needs one was a fiftieth of `info`.
    public let environment: [String: String]
    /// Shared by copies of the library, so that recovery runs once for all.
    let recovery = LibraryRecovery()

    /// A catalog ready for use, and what recovery did to make it so.
    public struct OpenedCatalog: Sendable {
        /// The catalog, opened after recovery ran.
        public var catalog: DocumentCatalog
        /// Interrupted operations finished or undone on the way, one each.
        public var recovered: [InterruptedOperations.Report]
    }

    /// - Parameters:
    ///   - home: The home to open; `Home.resolve(explicit:)` finds the one
    ///     `docbrowser` would use.
    ///   - installation: docbrowser's shared data; by default the data built
    ///     into DocKit, or the folder `DOCBROWSER_SHARE_DIR` names.
    ///   - trash: The freedesktop Trash deleted documents go to; `nil` for
    ///     the home Trash of `environment` (`$XDG_DATA_HOME/Trash`), which
    ///     is the user's real one when `environment` is the process's.
    ///   - pluginDirectory: The folder the app ships its plugin programs
    ///     in, searched before the others of ``PluginSearchPath``; `nil`
    ///     for none.
    ///   - environment: Where XDG directories, `PATH`, `HOME`, the
    ///     installation and `DOCBROWSER_LIBEXEC` are looked up, such as
    ///     `ProcessInfo.processInfo.environment` for the user's desktop,
    ///     or an app's own for its tests. Every service the library makes
    ///     reads this one, and plugins inherit only its `HOME`; DocKit
    ///     never reads the process's environment itself.
    public init(
        home: Home, installation: Installation? = nil, trash: Trash? = nil, pluginDirectory: URL? = nil,
        environment: [String: String]
    ) {
        self.home = home
        self.installation = installation ?? .locate(environment: environment)
        pluginSearchPath = .standard(explicit: pluginDirectory, environment: environment)
        self.trash = trash ?? .home(environment: environment)
        self.environment = environment
    }

    /// The home Trash and the user's Trash on the file system of each
    /// Documents folder that is not the home Trash's, as file managers
    /// show them together: what `delete` trashed, and what `gio trash`
    /// and `trash-put` did.
    ///
    /// - Throws: ``DocKitError`` when `config.json` is malformed.
    public func trashes() throws -> [Trash] {
        let locations = DocumentLocations(home: home, configuration: try ConfigurationFile(home: home).load())
        return trash.withVolumeTrashes(of: [locations.localDocuments, locations.cloudDocuments])
    }

    /// The type registry's store: the system declarations, every
    /// handler's, and shared-mime-info's.
    ///
    /// - Returns: The store, which rebuilds the registry when a source changed.
    /// - Throws: ``DocKitError/Code/database`` when the registry's database
    ///   cannot be opened.
    public func typeRegistryStore() throws(DocKitError) -> TypeRegistryStore {
        let sources = TypeSources(
            builtIn: installation.builtInTypes + installation.builtInHandlers,
            systemDirectories: installation.systemTypesDirectory.map { [$0] } ?? [],
            handlerManifests: handlerManifestLocations.manifestFiles(),
            sharedMimeInfoDirectories: TypeSources.sharedMimeInfoDirectories(environment: environment)
        )
        return try TypeRegistryStore(databaseURL: home.typeRegistryDatabase, sources: sources)
    }

    /// The type registry, rebuilt first if a source changed.
    ///
    /// - Parameter forceRebuild: Rebuild it even if no source changed.
    /// - Returns: The registry, with what a rebuild found unreadable in
    ///   its sources (``TypeRegistryStore/Snapshot/problems``).
    /// - Throws: ``DocKitError/Code/malformed`` when docbrowser's system types are
    ///   missing or damaged (only a ``Installation/shareDirectory`` can lack
    ///   them); ``DocKitError/Code/database`` when the registry's database cannot
    ///   be read or written.
    public func typeRegistry(forceRebuild: Bool = false) throws -> TypeRegistryStore.Snapshot {
        try typeRegistryStore().snapshot(forceRebuild: forceRebuild)
    }

    /// The catalog of the home's documents, after recovering interrupted
    /// operations. The catalog file of earlier versions, which held both
    /// locations, is removed here: it is a cache, and the next scan of
    /// each location fills that location's file.
    ///
    /// - Parameter registry: The type registry to type documents with.
    /// - Returns: The catalog and what recovery did.
    /// - Throws: ``DocKitError`` for an unreadable `config.json`.
    ///   A catalog database that cannot be opened is reported, as
    ///   ``DocKitError/Code/database``, by the first scan that needs it.
    public func openCatalog(registry: TypeRegistry) throws -> OpenedCatalog {
        let catalog = try DocumentCatalog(home: home, registry: registry, trash: trash, plugins: pluginSearchPath, environment: environment)
        CatalogStore.removeSingleDatabase(in: home.libraryDirectory)
        let recovery = InterruptedOperations(home: home, trash: trash, locations: catalog.locations)
        return OpenedCatalog(catalog: catalog, recovered: recovery.recover())
    }

    /// The catalog as it is, for looking documents up without changing
    /// anything: shell completion, and resolving a name to its type.
    ///
    /// Unlike ``openCatalog(registry:)`` it skips recovery, which writes
    /// (it finishes or undoes moves, removes temporaries): a lookup made
    /// while the user types must never do that behind their back, nor wait
    /// for another process's locks. The price is that what an interrupted
    /// operation left may show as it was left, so the catalog is for
    /// reading only: change documents through ``openCatalog(registry:)``.
    ///
    /// - Parameter registry: The type registry to type documents with.
    /// - Returns: The catalog, with no recovery run.
    /// - Throws: ``DocKitError`` for an unreadable `config.json`.
    ///   A catalog database that cannot be opened is reported, as
    ///   ``DocKitError/Code/database``, by the first scan that needs it.
    public func readOnlyCatalog(registry: TypeRegistry) throws -> DocumentCatalog {
        try DocumentCatalog(home: home, registry: registry, trash: trash, plugins: pluginSearchPath, environment: environment)
    }

    /// The plugins the handlers offer (preview, import, export), the
    /// bundled archiver among them, as ``HandlerServiceLocator`` finds the
    /// one for a type.
    ///
    /// - Parameters:
    ///   - registry: The type registry that decides which plugin's types
    ///     are the most specific for a document's.
    ///   - handlers: The handlers whose manifests declare the plugins; by
    ///     default ``handlers()``. A caller that has loaded them already,
    ///     to report their problems, passes them to load them only once.
    /// - Returns: The locator.
    public func plugins(registry: TypeRegistry, handlers: HandlerRegistry? = nil) -> HandlerServiceLocator {
        HandlerServiceLocator(handlers: handlers ?? self.handlers(), types: registry, bundled: BundledArchiverLocator(searchPath: pluginSearchPath))
    }

    /// Every handler: the installation's, those in `$XDG_DATA_DIRS`, those
    /// registered in the home, and the desktop's installed apps with its
    /// `mimeapps.list`. Manifests that cannot be read are in its
    /// ``HandlerRegistry/problems``, not thrown.
    ///
    /// - Returns: The handlers, with the manifests that could not be read.
    public func handlers() -> HandlerRegistry {
        let mimeHierarchy = MIMETypeHierarchy.load(environment: environment)
        return HandlerRegistry.load(
            handlerManifestLocations,
            applications: DesktopApplications(directories: DesktopApplications.directories(environment: environment)),
            mimeApps: MimeAppsList.load(environment: environment, hierarchy: mimeHierarchy),
            mimeHierarchy: mimeHierarchy,
            environment: environment
        )
    }

    /// The handlers that can bear on documents of `type`: as ``handlers()``,
    /// except that of the desktop's installed apps, only those are read
    /// that a folder's `mimeinfo.cache` lists for the type's MIME types, or
    /// that a default names (`defaults`, `mimeapps.list`). A folder whose
    /// cache is missing, or older than one of its entries, is read whole.
    /// Its ``HandlerRegistry/candidates(forType:registry:defaults:)`` for
    /// `type` are those of ``handlers()``, at a cost that does not grow with
    /// the number of installed apps (GIO reads the same cache).
    ///
    /// - Parameters:
    ///   - type: The document's type identifier.
    ///   - registry: The type registry that gives the type's MIME types.
    ///   - defaults: The user's defaults, whose handlers are read too.
    /// - Returns: The handlers, with the manifests that could not be read.
    public func handlers(forType type: String, registry: TypeRegistry, defaults: HandlerDefaults) -> HandlerRegistry {
        let mimeHierarchy = MIMETypeHierarchy.load(environment: environment)
        let mimeApps = MimeAppsList.load(environment: environment, hierarchy: mimeHierarchy)
        let lineage = Set(HandlerRegistry.mimeLineage(of: type, registry: registry, hierarchy: mimeHierarchy))
        let named = Set(defaults.handlersByType.values).union(mimeApps.namedApplications)
        return HandlerRegistry.load(
            handlerManifestLocations,
            applications: DesktopApplications(directories: DesktopApplications.directories(environment: environment)),
            mimeApps: mimeApps,
            mimeHierarchy: mimeHierarchy,
            environment: environment,
            selection: .claiming({ lineage.contains(mimeHierarchy.canonicalName($0)) }, named: named)
        )
    }

    /// The user's default handler for each type (`handlers default`).
    ///
    /// - Returns: The defaults; none when the file does not exist.
    /// - Throws: ``DocKitError/Code/malformed`` when the defaults file cannot be read.
    public func handlerDefaults() throws -> HandlerDefaults {
        try HandlerDefaults.load(home: home)
    }

    /// Thumbnails of documents in the desktop's shared cache,
    /// `$XDG_CACHE_HOME/thumbnails` of ``environment``, made by the
    /// desktop's installed thumbnailers (`.thumbnailer` files in the XDG
    /// data directories) and the bundled archiver of ``pluginSearchPath``.
    ///
    /// - Parameters:
    ///   - registry: The type registry that gives a document's MIME types.
    ///   - configuration: The home's settings, for `thumbnails.seconds`.
    /// - Returns: The service; nothing is read or run until it is asked for a thumbnail.
    public func thumbnailService(registry: TypeRegistry, configuration: Configuration = Configuration()) -> ThumbnailService {
        ThumbnailService(
            home: home, registry: registry, environment: environment,
            archiver: try? BundledArchiverLocator(searchPath: pluginSearchPath).service(.preview, for: "public.zip-archive"),
            timeLimit: configuration.thumbnailTimeLimit
        )
    }

    private var handlerManifestLocations: HandlerManifestLocations {
        HandlerManifestLocations.standard(installation: installation, home: home, environment: environment)
    }
}
