import Foundation

/// The user's and the system's choices of desktop app per MIME type, from
/// every `mimeapps.list` the freedesktop MIME applications associations
/// specification names, most important first:
/// `$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, `$XDG_DATA_HOME/applications`,
/// `$XDG_DATA_DIRS/applications`, each `$desktop-mimeapps.list` before the
/// plain `mimeapps.list`.
struct MimeAppsList: Sendable, Hashable {
    /// `[Default Applications]`: desktop file IDs (without `.desktop`) per
    /// MIME type, in the order they are to be tried.
    public var defaults: [String: [String]] = [:]
    /// `[Added Associations]` that no more important `[Removed Associations]`
    /// took back: apps offered for a type their own entries do not list.
    public var added: [String: [String]] = [:]
    /// `[Removed Associations]`: apps never to be offered for a type.
    public var removed: [String: Set<String>] = [:]

    /// An empty list: no defaults, no associations added or removed.
    public init() {}

    /// The files that may hold associations, most important first.
    /// - Parameter environment: Where the XDG variables are read.
    public static func files(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        let base = XDGBaseDirectories(environment: environment)
        let folders = [base.configHome] + base.configDirs + base.dataDirectories.map { $0.appending(path: "applications", directoryHint: .isDirectory) }
        return folders.flatMap { folder in
            base.currentDesktops.map { folder.appending(path: "\($0)-mimeapps.list") } + [folder.appending(path: "mimeapps.list")]
        }
    }

    /// Every file of ``files(environment:)`` that exists, in that order.
    /// - Parameter environment: Where the XDG variables are read.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> MimeAppsList {
        var list = MimeAppsList()
        for url in files(environment: environment) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            list.add(text)
        }
        return list
    }

    /// Adds one file, less important than those added before it.
    mutating func add(_ text: String) {
        var group = ""
        var removedHere: [String: Set<String>] = [:]
        var addedHere: [(String, [String])] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = String(rawLine.trimmingBlanks)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let mimeType = TypeTagClass.mimeType.normalized(String(line[..<equals]))
            let identifiers = line[line.index(after: equals)...].split(separator: ";")
                .map { String($0.trimmingBlanks) }
                .filter { $0.hasSuffix(".desktop") && $0.count > ".desktop".count }
                .map { String($0.dropLast(".desktop".count)) }
            switch group {
            case "Default Applications": defaults[mimeType, default: []].append(contentsOf: identifiers)
            case "Added Associations": addedHere.append((mimeType, identifiers))
            case "Removed Associations": removedHere[mimeType, default: []].formUnion(identifiers)
            default: break
            }
        }
        // A removal takes back what this file and less important ones add;
        // what a more important file added stays.
        for (mimeType, identifiers) in removedHere {
            removed[mimeType, default: []].formUnion(identifiers)
        }
        for (mimeType, identifiers) in addedHere {
            let kept = identifiers.filter { !(removed[mimeType]?.contains($0) ?? false) && !(added[mimeType]?.contains($0) ?? false) }
            added[mimeType, default: []].append(contentsOf: kept)
        }
    }

    /// The first installed app the defaults name for a MIME type.
    public func defaultApplication(for mimeType: String, installed: (String) -> Bool) -> String? {
        defaults[TypeTagClass.mimeType.normalized(mimeType)]?.first(where: installed)
    }

    /// An installed app's claims, less the associations removed for it,
    /// plus those added for it, which count as Owner: the user made them.
    func applied(to manifest: HandlerManifest) -> HandlerManifest {
        var result = manifest
        let identifier = manifest.identifier
        for index in result.documentTypes.indices {
            result.documentTypes[index].mimeTypes.removeAll { removed[TypeTagClass.mimeType.normalized($0)]?.contains(identifier) == true }
        }
        result.documentTypes.removeAll { $0.mimeTypes.isEmpty && $0.contentTypes.isEmpty && $0.filenameExtensions.isEmpty }
        let addedTypes = added.filter { $0.value.contains(identifier) }.map(\.key).sorted()
        if !addedTypes.isEmpty {
            result.documentTypes.append(HandlerManifest.DocumentType(name: manifest.name, mimeTypes: addedTypes, role: .viewer, rank: .owner, rankIsDeclared: false))
        }
        return result
    }
}
