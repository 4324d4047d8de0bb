import Foundation

/// The applications the desktop has installed, found where GIO finds them:
/// `$XDG_DATA_HOME/applications`, then each `$XDG_DATA_DIRS/applications`,
/// read-only and read afresh by every command, so that an app installed or
/// removed is seen at once, with no registration.
///
/// A desktop file ID is the file's path below its directory with `/` made
/// `-` (`kde4/okular.desktop` is `kde4-okular.desktop`); the first directory
/// that has an ID owns it, so a user's copy masks the system's, and a
/// masking copy that is `Hidden=true` or unreadable removes the app.
struct DesktopApplications: Sendable, Hashable {
    /// Most important first, as the desktop entry specification orders them.
    public var directories: [URL]

    /// - Parameter directories: Most important first, as ``directories(environment:)`` gives them.
    public init(directories: [URL]) {
        self.directories = directories
    }

    /// The `applications` folders of the XDG data directories, the user's first.
    /// - Parameter environment: Where the XDG variables are read.
    public static func directories(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        XDGBaseDirectories(environment: environment).dataDirectories.map {
            $0.appending(path: "applications", directoryHint: .isDirectory)
        }
    }

    /// One installed app: its entry as a handler, and the rank of the
    /// directory it came from (0 is the user's own).
    public struct Application: Sendable, Hashable {
        /// The entry as a handler, its identifier the desktop file ID.
        public var manifest: HandlerManifest
        /// Where in `DesktopApplications.directories` it was found.
        public var directoryIndex: Int
    }

    /// Every app that can be used, by desktop file ID, first directory first.
    /// - Parameter environment: Where programs are looked up (`PATH`).
    public func applications(environment: [String: String] = ProcessInfo.processInfo.environment) -> [Application] {
        var seen = Set<String>()
        var found: [Application] = []
        let searchPath = ProgramSearchPath(environment: environment)
        for (index, directory) in directories.enumerated() {
            for (identifier, url) in Self.entries(in: directory) where seen.insert(identifier).inserted {
                guard var manifest = try? DesktopEntry.load(from: url).manifest(searchPath: searchPath) else { continue }
                manifest.identifier = identifier
                manifest.installedDirectoryIndex = index
                found.append(Application(manifest: manifest, directoryIndex: index))
            }
        }
        return found
    }

    /// `(ID without .desktop, file)` for every entry below `directory`, in
    /// ID order, as `update-desktop-database` lists them in its cache.
    static func entries(in directory: URL) -> [(String, URL)] {
        var result: [(String, URL)] = []
        func walk(_ folder: URL, prefix: String, depth: Int) {
            guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
            for name in names where !name.hasPrefix(".") {
                let url = folder.appending(path: name)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    walk(url, prefix: prefix + name + "-", depth: depth + 1)
                } else if name.hasSuffix(".desktop") {
                    result.append((prefix + String(name.dropLast(".desktop".count)), url))
                }
            }
        }
        walk(directory, prefix: "", depth: 0)
        return result.sorted { $0.0 < $1.0 }
    }
}
