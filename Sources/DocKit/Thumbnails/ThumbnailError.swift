/// Why a document has no thumbnail.
enum ThumbnailError: DocKitFailure, Hashable {
    /// No generator makes thumbnails of the file's type: no installed
    /// thumbnailer claims its MIME types, and it carries no thumbnail.
    case noGenerator(file: String, type: String)
    /// Every generator tried failed; this is the last one's failure. The
    /// failure is recorded in the cache, so it is not retried until the
    /// file changes.
    case generatorFailed(file: String, PluginError)
    /// A generator failed on the file as it is now in an earlier run (the
    /// cache's `fail/` record); it is tried again once the file changes.
    case failedBefore(file: String)
    /// A generator exited successfully but wrote no PNG.
    case notAPNG(generator: String)
    /// The file is an iCloud placeholder whose content is not here.
    case notDownloaded(file: String)
    /// Nothing is at the path any more, or it cannot be examined.
    case fileNotFound(file: String)
    /// The cache could not be written.
    case cacheUnwritable(DocKitError)

    var code: DocKitError.Code {
        switch self {
        case .noGenerator: .noService
        case .notDownloaded: .notDownloaded
        case .fileNotFound: .notFound
        case .generatorFailed(_, let error): [.pluginStopped, .refused, .cancelled].contains(error.code) ? error.code : .pluginFailed
        case .failedBefore, .notAPNG: .pluginFailed
        case .cacheUnwritable: .fileSystem
        }
    }

    var document: String? {
        switch self {
        case .noGenerator(let file, _), .generatorFailed(let file, _), .failedBefore(let file), .notDownloaded(let file), .fileNotFound(let file): file
        case .notAPNG(let generator): generator
        case .cacheUnwritable(let error): error.document
        }
    }

    var underlying: (any Error & Sendable)? {
        if case .cacheUnwritable(let error) = self { return error.underlying }
        return nil
    }

    var signal: Int32? {
        if case .generatorFailed(_, let error) = self { return error.signal }
        return nil
    }

    /// One line naming the file and the reason.
    var description: String {
        switch self {
        case .noGenerator(let file, let type): "\(file): no thumbnailer makes thumbnails of \(type)"
        case .generatorFailed(let file, let error): "\(file): no thumbnail: \(error)"
        case .failedBefore(let file): "\(file): no thumbnail: making one failed before, and the file has not changed since"
        case .notAPNG(let generator): "\(generator) wrote no PNG"
        case .notDownloaded(let file): "\(file): not downloaded, so no thumbnail can be made"
        case .fileNotFound(let file): "\(file): no such file"
        case .cacheUnwritable(let error): "thumbnail cache: \(error)"
        }
    }
}
