#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Thumbnails by the freedesktop Thumbnail Managing Standard, shared with
/// the desktop both ways: a valid one already in `$XDG_CACHE_HOME/thumbnails`
/// is used as it is, whoever made it, and the ones made here are found
/// and accepted by GIO, GNOME Files and the rest.
///
/// A thumbnail is made in a separate process, never in the caller's:
/// the thumbnail a document carries (iWork, ODF, OOXML, an EPUB's cover,
/// the seeds' `thumbImage`) is written out by the archiver and scaled by the
/// installed image thumbnailer; any other document goes to the desktop's
/// thumbnailer for its MIME type, inside bubblewrap where it can run.
/// Each has a time limit and a cap on what it writes. A failure is
/// recorded, and not retried until the file changes.
///
/// ```swift
/// let service = library.thumbnailService(registry: registry)
/// let thumbnail = try await service.thumbnail(for: document, size: .large)
/// print(thumbnail.path)
/// ```
public struct ThumbnailService: Sendable {
    /// The version written into `Software` and the failures' folder name.
    public static let version = "0.1.0"
    /// How long a thumbnailer may run when the configuration says nothing: 30 s.
    public static let defaultTimeLimit: Duration = .seconds(30)
    /// The most bytes a thumbnailer may write to a file, and the largest
    /// embedded thumbnail written out: 16 MiB, four times an xx-large RGBA
    /// image stored without compression.
    public static let defaultOutputCap = 16 << 20

    private let cache: ThumbnailCache
    private let registry: TypeRegistry
    private let thumbnailers: DesktopThumbnailers
    private let archiver: PluginService?
    private let home: Home
    private let environment: [String: String]
    private let sandbox: SandboxProbe
    /// How long each generator may run.
    public var timeLimit: Duration
    /// The most bytes a generator may write to a file.
    public var outputCap: Int

    /// Made by ``DocumentLibrary/thumbnailService(registry:configuration:)``.
    init(home: Home, registry: TypeRegistry, environment: [String: String], archiver: PluginService?,
         timeLimit: Duration = ThumbnailService.defaultTimeLimit, outputCap: Int = ThumbnailService.defaultOutputCap) {
        let cacheHome = XDGBaseDirectories(environment: environment).cacheHome
        cache = ThumbnailCache(root: RawPath(cacheHome.appending(path: "thumbnails", directoryHint: .isDirectory)))
        self.registry = registry
        thumbnailers = DesktopThumbnailers.load(environment: environment)
        self.archiver = archiver
        self.home = home
        self.environment = environment
        sandbox = SandboxProbe(environment: environment)
        self.timeLimit = timeLimit
        self.outputCap = outputCap
    }

    /// Whether bubblewrap can be used is asked once, and only when a
    /// thumbnailer is to run: a run that finds everything in the cache
    /// starts no process at all.
    private final class SandboxProbe: Sendable {
        private let environment: [String: String]
        private let result = Mutex<ThumbnailerSandbox??>(nil)
        init(environment: [String: String]) { self.environment = environment }
        var sandbox: ThumbnailerSandbox? {
            if let known = result.withLock({ $0 }) { return known }
            let probed = ThumbnailerSandbox.probe(environment: environment)
            result.withLock { $0 = .some(probed) }
            return probed
        }
    }

    /// The thumbnail of a catalogued document.
    ///
    /// - Parameters:
    ///   - document: The document; a package's thumbnail is its directory's.
    ///   - size: The size wanted.
    /// - Returns: The thumbnail, found in the cache or made.
    /// - Throws: ``DocKitError``.
    public func thumbnail(for document: Document, size: ThumbnailSize) async throws(DocKitError) -> Thumbnail {
        try await thumbnail(for: PreviewSubject(document), size: size)
    }

    /// The thumbnail of a file or package, typed as the catalog types it
    /// (``PreviewSubject/file(at:registry:)``).
    ///
    /// - Parameters:
    ///   - subject: The file.
    ///   - size: The size wanted.
    /// - Returns: The thumbnail, found in the cache or made.
    /// - Throws: ``DocKitError``: no generator for its type, it failed
    ///   now or before, the file is not here, or the cache cannot be written.
    public func thumbnail(for subject: PreviewSubject, size: ThumbnailSize) async throws(DocKitError) -> Thumbnail {
        let file = subject.path.description
        guard !subject.isPlaceholder else { throw DocKitError(ThumbnailError.notDownloaded(file: file)) }
        guard let key = key(for: subject) else { throw DocKitError(ThumbnailError.fileNotFound(file: file)) }
        if let path = cache.validThumbnail(for: key, size: size) {
            return Thumbnail(path: path, size: size, origin: .cache)
        }
        if cache.hasFailed(key) { throw DocKitError(ThumbnailError.failedBefore(file: file)) }
        var lastFailure: PluginError?
        var notes: [String] = []
        for generator in generators(for: subject) {
            do {
                let made = try await run(generator, on: subject, key: key, size: size, notes: &notes)
                let path = try cache.store(made.png, for: key, size: size, generator: made.generator)
                return Thumbnail(path: path, size: size, origin: .generated, generator: made.generator, embedded: made.embedded, notes: notes)
            } catch let error as DocKitError where error.failure is PluginError {
                guard let failure = error.failure as? PluginError else { throw error }
                if case .cancelled = failure.reason { throw DocKitError(ThumbnailError.generatorFailed(file: file, failure)) }
                lastFailure = failure
            } catch let error as DocKitError where error.failure is ThumbnailError {
                guard case .notAPNG(let name)? = error.failure as? ThumbnailError else { throw error }
                lastFailure = PluginError(plugin: name, reason: .reported(kind: .failed, rule: nil, entry: nil, message: "wrote no PNG"))
            } catch {
                lastFailure = PluginError(plugin: generator.name, reason: .cannotLaunch(reason: "\(error)"))
            }
        }
        guard let lastFailure else { throw DocKitError(ThumbnailError.noGenerator(file: file, type: subject.type)) }
        try cache.recordFailure(for: key)
        throw DocKitError(ThumbnailError.generatorFailed(file: file, lastFailure))
    }

    /// The cache's key for the file as it is now: `stat` follows a
    /// symbolic link, as GIO's does.
    private func key(for subject: PreviewSubject) -> ThumbnailCache.Key? {
        var status = stat()
        guard subject.path.withCString({ stat($0, &status) }) == 0 else { return nil }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        let directory = RawPath(FileManager.default.currentDirectoryPath)
        return ThumbnailCache.Key(
            uri: FileURI.uri(for: subject.path, relativeTo: directory),
            modificationTime: Int64(status.st_mtim.tv_sec),
            size: isRegular ? Int64(status.st_size) : nil,
            mimeType: mimeTypes(of: subject.type).first
        )
    }

    /// The MIME types of the type and of each type it conforms to, nearest first.
    private func mimeTypes(of type: String) -> [String] {
        registry.conformanceChain(of: type).flatMap { registry.type(withIdentifier: $0)?.mimeTypes ?? [] }
    }

    private enum Generator {
        /// A thumbnail inside a package or a zip document, then the image thumbnailer.
        case embedded(zip: Bool)
        /// The desktop's thumbnailer for the document's MIME type.
        case desktop(DesktopThumbnailer)

        var name: String {
            switch self {
            case .embedded: BundledArchiverLocator.identifier
            case .desktop(let thumbnailer): thumbnailer.name
            }
        }
    }

    /// The generators to try, in order: what the document carries first
    /// (its own picture of itself), then the thumbnailer for its type.
    private func generators(for subject: PreviewSubject) -> [Generator] {
        var generators: [Generator] = []
        if subject.fileKind == .directory, subject.isPackage, EmbeddedThumbnail.file(in: subject.path) != nil {
            generators.append(.embedded(zip: false))
        } else if subject.fileKind == .regular, archiver != nil, EmbeddedThumbnail.isZipDocument(subject.type, registry: registry) {
            generators.append(.embedded(zip: true))
        }
        if subject.fileKind == .regular, let found = thumbnailers.thumbnailer(forAnyOf: mimeTypes(of: subject.type)) {
            generators.append(.desktop(found.thumbnailer))
        }
        return generators
    }

    private struct Made {
        var png: [UInt8]
        var generator: String
        var embedded: String?
    }

    /// Runs one generator in a fresh folder of its own, which is removed
    /// afterwards whatever happened: a thumbnailer stopped half-way leaves nothing.
    private func run(_ generator: Generator, on subject: PreviewSubject, key: ThumbnailCache.Key,
                     size: ThumbnailSize, notes: inout [String]) async throws -> Made {
        let folder = try makeWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: folder.description) }
        let output = folder.appending("thumbnail.png")
        switch generator {
        case .desktop(let thumbnailer):
            try await scale(subject.path, uri: key.uri, with: thumbnailer, into: output, folder: folder, size: size, notes: &notes)
            return Made(png: try readOutput(output, generator: thumbnailer.name), generator: thumbnailer.name)
        case .embedded(let zip):
            let image: RawPath
            let name: String
            if zip {
                guard let written = try await extractEmbedded(from: subject.path, into: folder) else {
                    throw DocKitError(PluginError(plugin: BundledArchiverLocator.identifier, reason: .reported(kind: .notFound, rule: nil, entry: nil, message: "the document carries no thumbnail")))
                }
                (image, name) = written
            } else {
                guard let found = EmbeddedThumbnail.file(in: subject.path) else {
                    throw DocKitError(PluginError(plugin: BundledArchiverLocator.identifier, reason: .reported(kind: .notFound, rule: nil, entry: nil, message: "the package carries no thumbnail")))
                }
                (image, name) = found
            }
            let imageTypes = mimeTypes(of: registry.type(forFileName: name, isDirectory: false).identifier)
            guard let scaler = thumbnailers.thumbnailer(forAnyOf: imageTypes)?.thumbnailer else {
                throw DocKitError(PluginError(plugin: BundledArchiverLocator.identifier, reason: .cannotLaunch(reason: "no installed thumbnailer reads \(name)")))
            }
            let uri = FileURI.uri(for: image, relativeTo: RawPath(FileManager.default.currentDirectoryPath))
            try await scale(image, uri: uri, with: scaler, into: output, folder: folder, size: size, notes: &notes)
            return Made(png: try readOutput(output, generator: scaler.name), generator: scaler.name, embedded: name)
        }
    }

    private func scale(_ input: RawPath, uri: String, with thumbnailer: DesktopThumbnailer, into output: RawPath,
                       folder: RawPath, size: ThumbnailSize, notes: inout [String]) async throws(DocKitError) {
        let inputPath = FileURI.canonical(input, relativeTo: RawPath(FileManager.default.currentDirectoryPath))
        var command = thumbnailer.commandLine(input: inputPath, uri: uri, output: output, size: size.pixels)
        if let sandbox = sandbox.sandbox {
            command = sandbox.wrapping(command, input: inputPath, outputFolder: folder)
        } else {
            notes.append("\(thumbnailer.name) ran without a sandbox: bubblewrap (bwrap) is not installed or cannot create namespaces here")
        }
        let process = ThumbnailerProcess(
            name: thumbnailer.name, arguments: command, timeLimit: timeLimit, outputCap: outputCap,
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TMPDIR": folder.description, "HOME": folder.description]
        )
        try await process.run()
    }

    /// Asks the archiver for the first of the embedded thumbnails' entries.
    private func extractEmbedded(from path: RawPath, into folder: RawPath) async throws(DocKitError) -> (RawPath, String)? {
        guard let archiver else { return nil }
        let output = folder.appending("embedded")
        var arguments = ["entry", "--archive", PluginPreviewer.absolute(path).description, "--output", output.description,
                         "--max-bytes", String(outputCap), "--epub-cover"]
        for name in EmbeddedThumbnail.names { arguments += ["--name", name] }
        let outcome = try await PluginProcess(service: archiver, arguments: arguments, home: home, environment: environment, timeLimit: timeLimit,
                                              outputCap: 1 << 16).run()
        struct Result: Decodable { var name: String? }
        let result = try ArchiveListing.decode(Result.self, from: outcome.result, plugin: archiver.identifier)
        guard let name = result.name else { return nil }
        // The extension tells the image thumbnailer what it reads.
        let named = folder.appending("embedded." + ((name as NSString).pathExtension.isEmpty ? "png" : (name as NSString).pathExtension))
        guard rename(output.description, named.description) == 0 else { return (output, name) }
        return (named, name)
    }

    /// The generator's PNG, if it wrote one of a thumbnail's size.
    private func readOutput(_ output: RawPath, generator: String) throws -> [UInt8] {
        guard let status = try FileStatus.of(output), status.kind == .regular, status.size > 0 else {
            throw DocKitError(ThumbnailError.notAPNG(generator: generator))
        }
        guard status.size <= Int64(outputCap) else {
            throw DocKitError(PluginError(plugin: generator, reason: .outputCapExceeded(bytes: outputCap)))
        }
        guard let data = FileManager.default.contents(atPath: output.description) else { throw DocKitError(ThumbnailError.notAPNG(generator: generator)) }
        return Array(data)
    }

    private func makeWorkFolder() throws -> RawPath {
        let parent = RawPath(home.temporaryDirectory)
        try FileSystem.createDirectory(parent, mode: 0o700)
        let folder = parent.appending(FileSystem.temporaryName(owner: nil))
        try FileSystem.createNewDirectory(folder, mode: 0o700)
        return folder
    }
}
