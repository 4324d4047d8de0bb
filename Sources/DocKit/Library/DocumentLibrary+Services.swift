import Synchronization

/// The services an app works with, each made with the library's home,
/// Trash, registry and plugins, so that none reaches for the process's
/// environment or the user's real Trash on its own.
extension DocumentLibrary {
    /// The home's catalog, typing documents with the registry as it is now:
    /// a type registered since the last call is seen by the catalog this
    /// call returns. The first call of a library finishes or undoes what
    /// killed processes left (``recoveredOperations``).
    ///
    /// A catalog is a value: one kept from an earlier call keeps the
    /// registry it was made with, so ask the library again after
    /// registering types.
    ///
    /// The first call blocks while recovery runs, which may finish a move
    /// across file systems a killed process left, copying the rest of the
    /// document; other callers wait for it meanwhile. An app calls it
    /// once off the main thread at launch, or lists with the async form of
    /// ``documents(matching:)-7kjgf``, which runs it on a thread of its own.
    ///
    /// - Returns: The catalog.
    /// - Throws: ``DocKitError/Code/database`` when the type registry cannot be
    ///   read; ``DocKitError`` for an unreadable `config.json`.
    public func catalog() throws -> DocumentCatalog {
        let registry = try typeRegistry().registry
        return try recovery.withLock { reports in
            if reports == nil {
                let opened = try openCatalog(registry: registry)
                reports = opened.recovered
                return opened.catalog
            }
            return try DocumentCatalog(home: home, registry: registry, trash: trash, plugins: pluginSearchPath, environment: environment)
        }
    }

    /// What the first ``catalog()`` finished or undid of operations killed
    /// midway; empty until then.
    public var recoveredOperations: [InterruptedOperations.Report] {
        recovery.withLock { $0 ?? [] }
    }

    /// The documents that match `query`: ``catalog()`` then
    /// `DocumentCatalog.documents(matching:)`, in one call.
    ///
    /// This blocks while both Documents folders are scanned; from a task,
    /// `await` its async form, which scans on a thread of its own.
    ///
    /// - Parameter query: The locations, filters and order; every document of both locations by default.
    /// - Returns: The matching documents.
    /// - Throws: As ``catalog()`` and `DocumentCatalog.documents(matching:)`.
    public func documents(matching query: DocumentQuery = DocumentQuery()) throws -> [Document] {
        try catalog().documents(matching: query)
    }

    /// ``documents(matching:)-7kjgf`` on a thread of its own, so that the
    /// caller's task and the cooperative pool never wait on the disk.
    ///
    /// - Parameter query: The locations, filters and order.
    /// - Returns: The matching documents.
    /// - Throws: As ``documents(matching:)-7kjgf``.
    public func documents(matching query: DocumentQuery = DocumentQuery()) async throws -> [Document] {
        try await DetachedThread.value { try catalog().documents(matching: query) }
    }

    /// Moves documents between locations and folders, sending what a
    /// move replaces to the library's ``trash``.
    ///
    /// - Parameters:
    ///   - force: Whether to act on a document another process has open or a sync engine is writing.
    ///   - progress: Told how far a move across file systems has got.
    /// - Returns: The mover.
    /// - Throws: As ``catalog()``.
    public func mover(force: Bool = false, progress: (@Sendable (TransferProgress) -> Void)? = nil) throws -> DocumentMover {
        DocumentMover(catalog: try catalog(), trash: trash, force: force, progress: progress)
    }

    /// Copies and duplicates documents.
    ///
    /// - Parameter force: Whether to copy a document a sync engine is still writing.
    /// - Returns: The copier.
    /// - Throws: As ``catalog()``.
    public func copier(force: Bool = false) throws -> DocumentCopier {
        DocumentCopier(catalog: try catalog(), trash: trash, force: force)
    }

    /// Deletes documents to the library's ``trash``, or permanently.
    ///
    /// - Parameter force: Whether to delete a document another process has open or a sync engine is writing.
    /// - Returns: The deleter.
    /// - Throws: As ``catalog()``.
    public func deleter(force: Bool = false) throws -> DocumentDeleter {
        DocumentDeleter(catalog: try catalog(), trash: trash, force: force)
    }

    /// Resolves conflicts, sending the versions not kept to the library's ``trash``.
    ///
    /// - Parameter force: Whether to resolve while another process has the document open.
    /// - Returns: The resolver.
    /// - Throws: As ``catalog()``.
    public func resolver(force: Bool = false) throws -> ConflictResolver {
        ConflictResolver(catalog: try catalog(), trash: trash, force: force)
    }

    /// Imports files and archives through the library's plugins, the
    /// bundled archiver among them.
    ///
    /// - Parameters:
    ///   - limits: The bounds against archive bombs.
    ///   - force: Whether to replace a document another process has open.
    /// - Returns: The importer.
    /// - Throws: As ``catalog()``.
    public func importer(limits: ArchiveExtractor.Limits = ArchiveExtractor.Limits(), force: Bool = false) throws -> DocumentImporter {
        let catalog = try catalog()
        let extractor = ArchiveExtractor(
            locator: plugins(registry: catalog.registry), home: home, environment: environment, limits: limits,
            watchdog: catalog.configuration.pluginWatchdog
        )
        return DocumentImporter(catalog: catalog, extractor: extractor, trash: trash, force: force)
    }

    /// Writes archives through the library's plugins.
    ///
    /// - Returns: The exporter.
    /// - Throws: As ``catalog()``.
    public func exporter() throws -> ArchiveExporter {
        let catalog = try catalog()
        return ArchiveExporter(
            locator: plugins(registry: catalog.registry), home: home, environment: environment, watchdog: catalog.configuration.pluginWatchdog
        )
    }
}

extension DocumentLibrary {
    /// The outside tools previews and content search run (poppler's,
    /// ffprobe), looked for in the `PATH` of ``environment``, and the
    /// archiver in ``pluginSearchPath``.
    ///
    /// - Parameter timeLimit: How long one run may take.
    /// - Returns: The tools; nothing is looked for until one is needed.
    public func previewTools(timeLimit: Duration = PreviewTools.defaultTimeLimit) -> PreviewTools {
        PreviewTools(environment: environment, timeLimit: timeLimit, plugins: pluginSearchPath)
    }
}

/// What the first catalog of a library recovered; nil until it is opened.
final class LibraryRecovery: Sendable {
    private let reports = Mutex<[InterruptedOperations.Report]?>(nil)

    func withLock<Result>(_ body: (inout [InterruptedOperations.Report]?) throws -> Result) rethrows -> Result {
        try reports.withLock { try body(&$0) }
    }
}
