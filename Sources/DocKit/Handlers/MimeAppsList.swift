import Foundation

/// The user's and the system's choices of desktop app per MIME type, from
/// every `mimeapps.list` the freedesktop MIME applications associations
/// specification names, folder by folder, most important first:
/// `$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, `$XDG_DATA_HOME/applications`,
/// `$XDG_DATA_DIRS/applications`, each `$desktop-mimeapps.list` before the
/// plain `mimeapps.list`.
///
/// MIME types are keyed by the type an alias stands for (`text/xml=` is
/// `application/xml`'s), as GIO keys them.
struct MimeAppsList: Sendable, Hashable {
    /// The lists of one folder, desktop file IDs without `.desktop`, each
    /// list in the order its lines gave it.
    struct Folder: Sendable, Hashable {
        /// For an `applications` folder, its place among the data
        /// directories (``DesktopApplications/directories``, 0 the user's):
        /// its associations only apply to apps found there or later.
        /// `nil` for a configuration folder, whose apply to every app.
        var dataDirectoryIndex: Int?
        /// `[Default Applications]`, the desktop-specific file's first.
        var defaults: [String: [String]] = [:]
        /// `[Added Associations]` of the plain `mimeapps.list`, most
        /// preferred first (GNOME puts the app last used first).
        var added: [String: [String]] = [:]
        /// `[Removed Associations]` of the plain `mimeapps.list`, less
        /// those the same folder adds.
        var removed: [String: [String]] = [:]
    }

    /// Most important first.
    var folders: [Folder] = []

    /// No lists: no defaults, no associations added or removed.
    init() {}

    /// The folders that may hold lists, most important first, with their
    /// data directory index (see ``Folder/dataDirectoryIndex``).
    /// - Parameter environment: Where the XDG variables are read.
    static func folders(environment: [String: String]) -> [(url: URL, dataDirectoryIndex: Int?)] {
        let base = XDGBaseDirectories(environment: environment)
        return ([base.configHome] + base.configDirs).map { ($0, nil) }
            + base.dataDirectories.enumerated().map { ($0.element.appending(path: "applications", directoryHint: .isDirectory), $0.offset) }
    }

    /// The files that may hold associations, most important first.
    /// - Parameter environment: Where the XDG variables are read.
    static func files(environment: [String: String]) -> [URL] {
        let desktops = XDGBaseDirectories(environment: environment).currentDesktops
        return folders(environment: environment).flatMap { folder in
            desktops.map { folder.url.appending(path: "\($0)-mimeapps.list") } + [folder.url.appending(path: "mimeapps.list")]
        }
    }

    /// Every file of ``files(environment:)`` that exists.
    /// - Parameters:
    ///   - environment: Where the XDG variables are read.
    ///   - hierarchy: Resolves the MIME aliases used as keys.
    static func load(environment: [String: String], hierarchy: MIMETypeHierarchy = MIMETypeHierarchy()) -> MimeAppsList {
        let desktops = XDGBaseDirectories(environment: environment).currentDesktops
        var list = MimeAppsList()
        for (url, index) in folders(environment: environment) {
            var folder = Folder(dataDirectoryIndex: index)
            for desktop in desktops {
                guard let text = try? String(contentsOf: url.appending(path: "\(desktop)-mimeapps.list"), encoding: .utf8) else { continue }
                folder.read(text, desktopSpecific: true, canonicalName: hierarchy.canonicalName)
            }
            if let text = try? String(contentsOf: url.appending(path: "mimeapps.list"), encoding: .utf8) {
                folder.read(text, desktopSpecific: false, canonicalName: hierarchy.canonicalName)
            }
            list.folders.append(folder)
        }
        return list
    }

    /// Every app a list names for a type, as default or association: the
    /// apps that must be read to answer for that type.
    var namedApplications: Set<String> {
        Set(folders.flatMap { Array($0.defaults.values.joined()) + $0.added.values.joined() })
    }

    /// `[Default Applications]` for a MIME type (resolved as keys are),
    /// every folder's, most important first, each once.
    func defaults(for mimeType: String) -> [String] {
        var result: [String] = []
        for folder in folders {
            for identifier in folder.defaults[mimeType] ?? [] where !result.contains(identifier) { result.append(identifier) }
        }
        return result
    }

    /// The apps associated with each MIME type of `lineage`, nearest type
    /// first, each list most preferred first, as the specification orders
    /// them: folder by folder, its added associations, then (for an
    /// `applications` folder) the apps found there that list the type
    /// themselves. A folder's removals take an app away from its own
    /// folder's and less important folders' associations, for this type
    /// and those after it in `lineage`, as GIO keeps them; what a more
    /// important folder associated stays. An `applications` folder's
    /// lists only apply to apps found there or in a later folder.
    ///
    /// - Parameters:
    ///   - lineage: Canonical MIME types, nearest first.
    ///   - listed: The apps found in data directory `index` that list
    ///     `mimeType` in their own entries, in `mimeinfo.cache` order.
    ///   - directoryIndex: The data directory an app is found in first;
    ///     `nil` when none has it.
    func associations(of lineage: [String], listed: (_ index: Int, _ mimeType: String) -> [String], directoryIndex: (String) -> Int?) -> [[String]] {
        var blocked = Set<String>()
        return lineage.map { mimeType in
            var hits: [String] = []
            for folder in folders {
                func applies(_ identifier: String) -> Bool {
                    guard let index = folder.dataDirectoryIndex, let found = directoryIndex(identifier) else { return true }
                    return found >= index
                }
                let removed = folder.removed[mimeType] ?? []
                var additions = folder.added[mimeType] ?? []
                if let index = folder.dataDirectoryIndex {
                    additions += listed(index, mimeType).filter { !removed.contains($0) }
                }
                for identifier in additions where applies(identifier) && !blocked.contains(identifier) && !hits.contains(identifier) {
                    hits.append(identifier)
                }
                for identifier in removed where applies(identifier) && !hits.contains(identifier) {
                    blocked.insert(identifier)
                }
            }
            return hits
        }
    }
}

extension MimeAppsList.Folder {
    /// Adds one file of the folder, after those read before it. Only a
    /// plain `mimeapps.list` may add or remove associations; a
    /// desktop-specific one only chooses defaults, as the specification
    /// says.
    mutating func read(_ text: String, desktopSpecific: Bool, canonicalName: (String) -> String) {
        var group = ""
        var addedHere: [(String, [String])] = []
        var removedHere: [(String, [String])] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine.trimmingBlanks)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let mimeType = canonicalName(String(line[..<equals].trimmingBlanks))
            let identifiers = line[line.index(after: equals)...].split(separator: ";")
                .map { String($0.trimmingBlanks) }
                .filter { $0.hasSuffix(".desktop") && $0.count > ".desktop".count }
                .map { String($0.dropLast(".desktop".count)) }
            switch group {
            case "Default Applications": Self.append(identifiers, to: &defaults[mimeType, default: []])
            case "Added Associations" where !desktopSpecific: addedHere.append((mimeType, identifiers))
            case "Removed Associations" where !desktopSpecific: removedHere.append((mimeType, identifiers))
            default: break
            }
        }
        // Of an app both added and removed for a type, which the
        // specification leaves open, the addition stands, as in GIO.
        for (mimeType, identifiers) in addedHere {
            Self.append(identifiers.filter { !(removed[mimeType]?.contains($0) ?? false) }, to: &added[mimeType, default: []])
        }
        for (mimeType, identifiers) in removedHere {
            Self.append(identifiers.filter { !(added[mimeType]?.contains($0) ?? false) }, to: &removed[mimeType, default: []])
        }
    }

    private static func append(_ identifiers: [String], to list: inout [String]) {
        for identifier in identifiers where !list.contains(identifier) { list.append(identifier) }
    }
}
