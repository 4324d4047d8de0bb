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
///
/// For one type, a directory's `mimeinfo.cache` says which entries to read
/// (``MimeInfoCache``); one older than any entry or folder there is not
/// trusted, so an app installed, edited or removed is still seen at once.
struct DesktopApplications: Sendable, Hashable {
    /// Most important first, as the desktop entry specification orders them.
    public var directories: [URL]

    /// - Parameter directories: Most important first, as ``directories(environment:)`` gives them.
    public init(directories: [URL]) {
        self.directories = directories
    }

    /// The `applications` folders of the XDG data directories, the user's first.
    /// - Parameter environment: Where the XDG variables are read.
    public static func directories(environment: [String: String]) -> [URL] {
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
    public func applications(environment: [String: String]) -> [Application] {
        applications(environment: environment, selection: .all)
    }

    /// Which of the apps ``applications(environment:selection:)`` reads.
    enum Selection {
        /// Every one.
        case all
        /// Those that a folder's `mimeinfo.cache` lists for a MIME type
        /// `claims` accepts, and those `named`. A folder whose cache is
        /// missing, or older than one of its entries, is read whole.
        case claiming(_ claims: (String) -> Bool, named: Set<String>)
    }

    /// The apps of `selection`, as ``applications(environment:)`` reads
    /// them: an ID a more important folder has still masks the same ID in
    /// the folders after it, read or not.
    func applications(environment: [String: String], selection: Selection) -> [Application] {
        var seen = Set<String>()
        var found: [Application] = []
        let searchPath = ProgramSearchPath(environment: environment)
        for (index, directory) in directories.enumerated() {
            let folder = Self.folder(directory)
            // Compared as handler identifiers are, ignoring case.
            var chosen: Set<String>?
            if case .claiming(let claims, let named) = selection, let cache = MimeInfoCache(in: directory, notOlderThan: folder.newestChange) {
                chosen = Set(cache.applications(claiming: claims).map { $0.lowercased() }).union(named.map { $0.lowercased() })
            }
            for (identifier, url) in folder.entries where seen.insert(identifier).inserted {
                if let chosen, !chosen.contains(identifier.lowercased()) { continue }
                guard var manifest = try? DesktopEntry.load(from: url).manifest(searchPath: searchPath) else { continue }
                manifest.identifier = identifier
                manifest.installedDirectoryIndex = index
                found.append(Application(manifest: manifest, directoryIndex: index))
            }
        }
        return found
    }

    /// `(ID without .desktop, file)` for every entry below `directory`, in
    /// ID order, as `update-desktop-database` lists them in its cache, and
    /// the latest time, in nanoseconds, that one of them or a folder they
    /// are in was changed: a `mimeinfo.cache` older than that does not know
    /// of every entry as it is now.
    static func folder(_ directory: URL) -> (entries: [(String, URL)], newestChange: Int64) {
        var result: [(String, URL)] = []
        var newestChange = Int64.min
        func walk(_ folder: URL, prefix: String, depth: Int) {
            guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
            if let status = statusFollowingLinks(folder.path) { newestChange = max(newestChange, status.modified) }
            for name in names where !name.hasPrefix(".") {
                let url = folder.appending(path: name)
                guard let status = statusFollowingLinks(url.path) else { continue }
                if status.isDirectory {
                    walk(url, prefix: prefix + name + "-", depth: depth + 1)
                } else if name.hasSuffix(".desktop") {
                    newestChange = max(newestChange, status.modified)
                    result.append((prefix + String(name.dropLast(".desktop".count)), url))
                }
            }
        }
        walk(directory, prefix: "", depth: 0)
        return (result.sorted { $0.0 < $1.0 }, newestChange)
    }

    /// Desktop files are often links into a package's own folder, and are
    /// read through them.
    private static func statusFollowingLinks(_ path: String) -> (isDirectory: Bool, modified: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT == S_IFDIR, Nanoseconds.since1970(status.st_mtim))
    }
}
