import Foundation

/// Where handler manifests are discovered, weakest first: the ones built
/// into DocKit (or the installation's `share/docbrowser/handlers` that
/// replaces them), each `$XDG_DATA_DIRS/docbrowser/handlers`, then the
/// home's `Handlers`.
struct HandlerManifestLocations: Sendable, Hashable {
    /// The manifests compiled into DocKit, weaker than every folder's.
    var builtIn: [BundledFile]
    /// The folders, weakest first: a manifest in a later one replaces one of the same identifier in an earlier one.
    public var directories: [URL]

    /// Uses the given folders, weakest first.
    ///
    /// - Parameters:
    ///   - builtIn: Manifests compiled into DocKit, read before the folders.
    ///   - directories: Folders of handler manifests.
    init(builtIn: [BundledFile] = [], directories: [URL]) {
        self.builtIn = builtIn
        self.directories = directories
    }

    /// The standard places: the installation's, then `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`) from last to first, each as `docbrowser/handlers`, then the home's.
    ///
    /// - Parameters:
    ///   - installation: Where docbrowser's shipped data is.
    ///   - home: The docbrowser home, whose `Handlers` folder comes last and wins.
    ///   - environment: Where `XDG_DATA_DIRS` is read.
    /// - Returns: The folders, weakest first.
    public static func standard(installation: Installation, home: Home, environment: [String: String]) -> HandlerManifestLocations {
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        let shared = dataDirs.split(separator: ":").reversed().map {
            URL(fileURLWithPath: String($0), isDirectory: true).appending(path: "docbrowser/handlers", directoryHint: .isDirectory)
        }
        var directories = installation.handlersDirectory.map { [$0] } ?? []
        for directory in shared where !directories.contains(directory) {
            directories.append(directory)
        }
        directories.append(home.handlersDirectory)
        return HandlerManifestLocations(builtIn: installation.builtInHandlers, directories: directories)
    }

    /// Every file that describes a handler: ``manifestFiles()`` and the
    /// freedesktop `.desktop` entries, which declare no types of their own
    /// and so are no source of the type registry.
    public func handlerFiles() -> [URL] {
        files(withDesktopEntries: true)
    }

    /// Manifests standing alone (`*.plist`, `*.json`) and inside handler
    /// bundles (`Name.handler/Info.plist`), in a stable order.
    public func manifestFiles() -> [URL] {
        files(withDesktopEntries: false)
    }

    /// Each folder read once, in name order.
    private func files(withDesktopEntries: Bool) -> [URL] {
        var files: [URL] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = directory.appending(path: name)
                switch (name as NSString).pathExtension.lowercased() {
                case "plist", "json":
                    files.append(url)
                case "handler":
                    let infoPlist = url.appending(path: "Info.plist")
                    if FileManager.default.fileExists(atPath: infoPlist.path) { files.append(infoPlist) }
                case "desktop" where withDesktopEntries:
                    files.append(url)
                default:
                    break
                }
            }
        }
        return files
    }
}
