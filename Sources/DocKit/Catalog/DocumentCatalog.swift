import Foundation

/// The documents of a home: scanning both locations, finding one by the
/// name a user types, creating and renaming.
public struct DocumentCatalog: Sendable {
    /// The docbrowser home whose documents these are.
    public let home: Home
    /// The home's `config.json`, as read when the catalog was made.
    public let configuration: Configuration
    /// The local and cloud Documents folders the configuration sets.
    public let locations: DocumentLocations
    /// Types documents by name and content.
    public let registry: TypeRegistry
    /// Lists the Documents folders, reusing what the catalog remembers of unchanged entries.
    /// Settable for tests, which narrow its racy window to list files
    /// written moments before as the catalog keeps them.
    var scanner: DocumentScanner

    /// Opens the catalog of `home`, reading its configuration; its
    /// databases, in `Library/Catalog`, are opened when first needed.
    /// ``DocumentLibrary/catalog()`` makes one with the library's Trash,
    /// plugins and environment.
    ///
    /// - Parameters:
    ///   - home: The docbrowser home.
    ///   - registry: The type registry documents are typed with.
    ///   - trash: The Trash a cloud package that lost most of its files is
    ///     looked for in, as a sync engine moves what another device deleted.
    ///   - plugins: Where the bundled sync-status adapter is found.
    ///   - environment: The app's environment, such as
    ///     ``DocumentLibrary/environment``: where sync engines' adapters
    ///     are declared, and what they inherit.
    /// - Throws: ``DocKitError`` when `config.json` is malformed. A
    ///   catalog database that cannot be opened is reported, as
    ///   ``DocKitError/Code/database``, by the first call that needs it.
    public init(home: Home, registry: TypeRegistry, trash: Trash, plugins: PluginSearchPath, environment: [String: String]) throws {
        self.home = home
        configuration = try ConfigurationFile(home: home).load()
        locations = DocumentLocations(home: home, configuration: configuration)
        self.registry = registry
        scanner = DocumentScanner(
            locations: locations,
            registry: registry,
            catalog: CatalogStore(directory: home.catalogDirectory),
            quietPeriod: configuration.quietPeriod,
            trash: trash,
            engines: SyncEngines(configuration: configuration, home: home, plugins: plugins, environment: environment)
        )
    }

    /// How long a cloud document must stay untouched before it counts as
    /// complete, as the configuration sets it: the one rule listings and
    /// every mutation's check (``SyncActivity/refuseIfIncomplete(_:force:quietPeriod:)``) apply.
    public var quietPeriod: QuietPeriod { scanner.quietPeriod }

    /// Scans the query's locations and returns the documents that match, in the query's order,
    /// with their open and locked states.
    ///
    /// This blocks while the locations are scanned; from a task, `await`
    /// its async form, which scans on a thread of its own.
    ///
    /// - Parameter query: The locations, filters and order.
    /// - Returns: The matching documents.
    /// - Throws: ``DocKitError`` when a Documents folder is missing or unusable;
    ///   ``DocKitError/Code/fileSystem`` when a folder cannot be read; ``DocKitError/Code/database`` when
    ///   a location's catalog database cannot be opened, read or written.
    public func documents(matching query: DocumentQuery) throws -> [Document] {
        Array(try listing(matching: query))
    }

    /// `documents(matching:)` held compactly, for a listing of many
    /// documents: each is kept as a few bytes as soon as it is scanned. The
    /// query's locations are scanned at once, each on a thread of its own,
    /// and this returns when every one is done.
    ///
    /// - Parameter query: The locations, filters and order.
    /// - Returns: The matching documents, made one by one as they are read.
    /// - Throws: As `documents(matching:)`.
    public func listing(matching query: DocumentQuery) throws -> DocumentListing {
        let addCoordinationStates = coordinationStatesAdder()
        let locations = query.locations
        // Each location on its own core: a scan is mostly lstat, typing and
        // matching rows, and the catalog's queue serializes only its reads
        // and writes. Errors are thrown in the query's order of locations,
        // as scanning them one after the other would.
        let takesEveryDocument = query.type == nil && query.nameGlob == nil && query.tag == nil && addCoordinationStates == nil
        var parts = try locations.concurrentMap { location in
            var part = DocumentListing()
            try scanner.scan(location, recursive: query.recursive) { scanned in
                if takesEveryDocument, case .unchanged(let rows) = scanned {
                    rows.appendHead(to: &part)
                    return
                }
                var document = scanned.document
                guard query.matches(document, registry: registry) else { return }
                addCoordinationStates?(&document)
                part.append(document)
            }
            return part
        }
        var listing = parts.isEmpty ? DocumentListing() : parts.removeFirst()
        for part in parts { listing.append(contentsOf: part) }
        listing.sort(as: query, registry: registry)
        return listing
    }

    /// A document by path, by filename or display name as `list` shows it
    /// (`Folder/Name.ext` inside folders), optionally prefixed `local:` or
    /// `cloud:`. A name found in both locations is ambiguous.
    ///
    /// This blocks while it reads the folder the name is in, or scans both
    /// locations; from a task, `await` its async form.
    ///
    /// - Parameter argument: The path or name, as typed on the command line.
    /// - Returns: The one document it names.
    /// - Throws: ``DocKitError/Code/documentNotFound`` when it names none;
    ///   ``DocKitError/Code/ambiguous`` when it names several;
    ///   ``DocKitError/Code/notFound`` for a path outside the Documents
    ///   folders; ``DocKitError``, ``DocKitError/Code/fileSystem`` or
    ///   ``DocKitError/Code/database`` when a location cannot be scanned.
    public func resolve(_ argument: String) throws -> Document {
        var name = argument
        var scope = Location.allCases
        for location in Location.allCases where argument.hasPrefix("\(location):") {
            name = String(argument.dropFirst(location.rawValue.count + 1))
            scope = [location]
        }
        if scope.count == 2, Self.isExplicitPath(name) {
            return try resolvePath(name)
        }
        // A bare name that is also a file here: the file, if it is a
        // document; otherwise the name as list shows it.
        if scope.count == 2, FileManager.default.fileExists(atPath: name), let byPath = try? resolvePath(name) {
            return byPath
        }
        let documents = try documents(listedAs: name, in: scope)
        // The name as list shows it, else with `\xHH` escapes typed for
        // bytes that are not UTF-8 (in either case of hex digits).
        var matches: [Document] = []
        for wanted in [name, RawPath(escaped: name).description] where matches.isEmpty {
            let byFilename = documents.filter { $0.listedName == wanted }
            matches = byFilename.isEmpty ? documents.filter { displayPath($0) == wanted } : byFilename
        }
        switch matches.count {
        case 0: throw DocKitError(CatalogError.documentNotFound(argument))
        case 1: return matches[0]
        default: throw DocKitError(CatalogError.ambiguous(argument, candidates: matches.map(\.qualifiedName)))
        }
    }

    /// `Folder/Name.ext` is a name as `list --recursive` shows it; a path
    /// is absolute or explicitly relative.
    private static func isExplicitPath(_ text: String) -> Bool {
        text.hasPrefix("/") || text.hasPrefix("./") || text.hasPrefix("../") || text.hasPrefix("~/")
    }

    private func displayPath(_ document: Document) -> String {
        let parent = document.relativePath.deletingLastComponent
        return parent.isEmpty ? document.displayName : "\(parent)/\(document.displayName)"
    }

    /// A path names a document when it is in a Documents folder; it need
    /// not exist yet as a catalogued entry, but it must be on disk.
    private func resolvePath(_ text: String) throws -> Document {
        var path = RawPath(argument: text)
        // The Documents folders may be reached through a symbolic link
        // (a home in /tmp on a system where /tmp is a link).
        let parent = path.deletingLastComponent
        if let real = parent.resolvingSymbolicLinks() { path = real.appending(path.lastComponent) }
        guard let (location, relativePath) = locations.locate(path) ?? locateAfterResolvingLocations(path) else {
            throw DocKitError(CatalogError.notADocument(path: text))
        }
        return try listedDocument(in: location, at: relativePath) ?? { throw DocKitError(CatalogError.documentNotFound(text)) }()
    }

    private func locateAfterResolvingLocations(_ path: RawPath) -> (location: Location, relativePath: RawPath)? {
        for location in Location.allCases {
            if let real = locations.documentsDirectory(location).resolvingSymbolicLinks(), let relative = path.relative(to: real) {
                return (location, relative)
            }
        }
        return nil
    }
}

