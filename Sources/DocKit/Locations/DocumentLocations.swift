import Foundation

/// The two Documents folders of a home, as its configuration sets them.
public struct DocumentLocations: Sendable, Hashable {
    /// The home the locations belong to; relative configured paths are taken from it.
    public let home: Home
    /// The local Documents folder, absolute: `local.documents`, or `HOME/Documents`.
    public let localDocuments: RawPath
    /// The cloud container, absolute: `cloud.container`, or `HOME/Cloud`.
    public let cloudContainer: RawPath
    /// The folders the configuration names, which docbrowser never
    /// creates: a missing one is an unmounted drive or a typo, and writing
    /// there would put documents under a mount point.
    let configuredFolders: [Location: RawPath]

    /// Resolves the folders a configuration sets, expanding `~` and taking relative paths
    /// from the home; nothing on disk is touched.
    ///
    /// - Parameters:
    ///   - home: The docbrowser home.
    ///   - configuration: Its settings.
    public init(home: Home, configuration: Configuration) {
        self.home = home
        func resolve(_ value: String?, default defaultPath: String) -> RawPath {
            let value = ((value ?? defaultPath) as NSString).expandingTildeInPath
            return RawPath(value.hasPrefix("/") ? URL(fileURLWithPath: value).standardizedFileURL : home.url.appending(path: value).standardizedFileURL)
        }
        localDocuments = resolve(configuration[.localDocuments], default: "Documents")
        cloudContainer = resolve(configuration[.cloudContainer], default: "Cloud")
        var configured: [Location: RawPath] = [:]
        if configuration[.localDocuments] != nil { configured[.local] = localDocuments }
        if configuration[.cloudContainer] != nil { configured[.cloud] = cloudContainer }
        configuredFolders = configured
    }

    /// The cloud location's Documents folder, `Documents/` inside the container.
    public var cloudDocuments: RawPath { cloudContainer.appending("Documents") }

    /// The Documents folder of a location, whether it exists or not.
    ///
    /// - Parameter location: Local or cloud.
    /// - Returns: The absolute path of its Documents folder.
    public func documentsDirectory(_ location: Location) -> RawPath {
        location == .local ? localDocuments : cloudDocuments
    }

    /// The Documents folder of a location, created if missing. A path that
    /// exists but is no directory, or cannot be read, is an error, and so
    /// is a configured folder that is missing: that is never created.
    ///
    /// - Parameter location: Local or cloud.
    /// - Returns: The absolute path of the folder, which now exists.
    /// - Throws: ``DocKitError/Code/notFound`` when a configured folder is
    ///   missing; ``DocKitError/Code/fileSystem`` when the folder cannot be
    ///   created or read.
    public func existingDocumentsDirectory(_ location: Location) throws(DocKitError) -> RawPath {
        let path = documentsDirectory(location)
        if let configured = configuredFolders[location], (try? FileStatus.of(configured)) ?? nil == nil {
            throw DocKitError(LocationError.notAvailable(location: location, path: configured))
        }
        do {
            try FileSystem.createDirectory(path)
        } catch {
            throw DocKitError(LocationError.unusable(location: location, path: path, reason: error.errno == ENOTDIR ? "is not a directory" : String(cString: strerror(error.errno))))
        }
        guard path.withCString({ access($0, R_OK | X_OK) }) == 0 else {
            throw DocKitError(LocationError.unusable(location: location, path: path, reason: "cannot be read"))
        }
        if location == .cloud { SyncthingIgnores.ensure(in: path.deletingLastComponent, owner: home.deviceTag) }
        return path
    }

    /// Which location a path is in, and its path relative to that
    /// location's Documents folder.
    ///
    /// - Parameter path: An absolute path, compared as given: symbolic links
    ///   are not resolved.
    /// - Returns: The location and the relative path; `nil` when the path is in
    ///   neither Documents folder.
    public func locate(_ path: RawPath) -> (location: Location, relativePath: RawPath)? {
        for location in Location.allCases {
            if let relative = path.relative(to: documentsDirectory(location)) {
                return (location, relative)
            }
        }
        return nil
    }
}

extension Configuration {
    /// The value in force for `key`: the one set, or the default, with
    /// paths made absolute as docbrowser uses them.
    ///
    /// - Parameters:
    ///   - key: The setting.
    ///   - home: The home relative paths and defaults are resolved in.
    /// - Returns: The value, as `config get` shows it.
    public func effectiveValue(of key: Key, home: Home) -> String {
        let locations = DocumentLocations(home: home, configuration: self)
        return switch key {
        case .localDocuments: locations.localDocuments.description
        case .cloudContainer: locations.cloudContainer.description
        case .preferredStorage: preferredLocation.rawValue
        case .cloudQuietSeconds: quietPeriod.seconds
        case .cloudEngineAddress: self[key] ?? "the engine's own configuration"
        case .cloudEngineAPIKeyFile: self[key].map { SyncEngines.keyFilePath($0, home: home) } ?? "the engine's own configuration"
        case .pluginStallLimit: String(pluginWatchdog.stallLimit.components.seconds)
        case .pluginCPULimit: pluginWatchdog.cpuLimit.map { String($0.components.seconds) } ?? "the time limit"
        case .thumbnailTimeLimit: String(thumbnailTimeLimit.components.seconds)
        }
    }
}

/// A location's Documents folder cannot be used.
enum LocationError: DocKitFailure, Hashable {
    /// The folder could not be created, is not a directory, or cannot be read; `reason` says which.
    case unusable(location: Location, path: RawPath, reason: String)
    /// The configuration names a folder that is not there.
    case notAvailable(location: Location, path: RawPath)

    var code: DocKitError.Code {
        switch self {
        case .unusable: .fileSystem
        case .notAvailable: .notFound
        }
    }

    var document: String? {
        switch self {
        case .unusable(_, let path, _), .notAvailable(_, let path): path.description
        }
    }

    /// A message naming the path and what is wrong with it.
    var description: String {
        switch self {
        case .unusable(let location, let path, let reason): "\(path): the \(location) Documents folder \(reason)"
        case .notAvailable(let location, let path):
            "\(path): the configured \(location == .cloud ? "cloud container" : "local Documents folder") is not available (not mounted, or misspelt); nothing was created"
        }
    }
}
