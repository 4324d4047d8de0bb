#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A handler as its manifest describes it: an Info.plist-style file (XML,
/// binary or JSON; standing alone or as `Name.handler/Info.plist`) or a
/// freedesktop `.desktop` entry.
public struct HandlerManifest: Sendable, Hashable {
    /// Which kind of file the manifest was read from, which decides where its executable is looked up.
    public enum Form: String, Sendable, Hashable, Codable {
        /// A manifest file standing alone (`*.plist`, `*.json`).
        case manifest
        /// `Name.handler/Info.plist`, the executable beside it.
        case bundle
        /// A freedesktop `.desktop` entry.
        case desktopEntry
    }

    /// One `CFBundleDocumentTypes` entry (or a `.desktop` entry's MIME types).
    public struct DocumentType: Sendable, Hashable {
        /// `CFBundleTypeName`, for display; `nil` when absent.
        public var name: String?
        /// `LSItemContentTypes`: the type identifiers claimed; when present, the legacy tags are ignored.
        public var contentTypes: [String]
        /// Legacy tags, mapped to types through the registry when choosing.
        public var filenameExtensions: [String]
        /// Legacy `CFBundleTypeMIMETypes` (or a `.desktop` entry's `MimeType=`), mapped to types through the registry.
        public var mimeTypes: [String]
        /// `CFBundleTypeRole`: whether the handler edits, views, or only plugs in.
        public var role: HandlerRole
        /// `LSHandlerRank`: how strongly the handler claims the types, `.default` when absent.
        public var rank: HandlerRank
        /// False when `LSHandlerRank` was absent and the rank is the default.
        public var rankIsDeclared: Bool
        /// `LSTypeIsPackage`: documents of these types are directories handled as one item.
        public var isPackage: Bool

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - name: The display name, or `nil`.
        ///   - contentTypes: Type identifiers claimed.
        ///   - filenameExtensions: Legacy extensions claimed; `*` claims every item.
        ///   - mimeTypes: Legacy MIME types claimed; `*` or `*/*` claims every item.
        ///   - role: The handler's role for these types.
        ///   - rank: How strongly it claims them.
        ///   - rankIsDeclared: Whether the manifest gave `LSHandlerRank`.
        ///   - isPackage: Whether the types are packages.
        public init(name: String? = nil, contentTypes: [String] = [], filenameExtensions: [String] = [], mimeTypes: [String] = [], role: HandlerRole = .viewer, rank: HandlerRank = .default, rankIsDeclared: Bool = true, isPackage: Bool = false) {
            self.name = name
            self.contentTypes = contentTypes
            self.filenameExtensions = filenameExtensions
            self.mimeTypes = mimeTypes
            self.role = role
            self.rank = rank
            self.rankIsDeclared = rankIsDeclared
            self.isPackage = isPackage
        }

        /// Whether a claim of this entry may open a document: rank None and
        /// the roles of plug-ins never do, not even as the user's default.
        public var opensDocuments: Bool { rank != .none && role.opensDocuments }

        /// The types the entry claims: its content types, else those its
        /// legacy extensions and MIME types name in the registry
        /// (`*` claims every item).
        ///
        /// - Parameter registry: The registry that types legacy extensions and
        ///   MIME types.
        /// - Returns: Type identifiers, `public.item` for `*`.
        public func claimedTypes(in registry: TypeRegistry) -> [String] {
            guard contentTypes.isEmpty else { return contentTypes }
            var types: [String] = []
            for ext in filenameExtensions {
                let identifier = ext == "*" ? UTType.item : registry.preferredType(withTag: ext, tagClass: .filenameExtension).identifier
                if !types.contains(identifier) { types.append(identifier) }
            }
            for mime in mimeTypes {
                let identifier = mime == "*" || mime == "*/*" ? UTType.item : registry.preferredType(withTag: mime, tagClass: .mimeType).identifier
                if !types.contains(identifier) { types.append(identifier) }
            }
            return types
        }
    }

    /// `CFBundleIdentifier`, reverse-DNS; derived from the file's name when missing (see ``identifierIsDerived``).
    public var identifier: String
    /// `CFBundleName`, else `CFBundleDisplayName` (or a `.desktop` entry's `Name=`), for display; `nil` when absent.
    public var name: String?
    /// Which kind of manifest file it was read from.
    public var form: Form
    /// The file read: the standalone manifest, the bundle's Info.plist, or
    /// the `.desktop` file.
    public var manifestURL: URL
    /// The `.handler` directory of the bundle form.
    public var bundleURL: URL?
    /// `CFBundleExecutable`, or the program of a `.desktop` Exec line, as written.
    public var declaredExecutable: String?
    /// The program, when it exists here and may be run; nil means the
    /// handler only contributes types (a macOS or iOS app's Info.plist).
    public var executable: URL?
    /// The `CFBundleDocumentTypes` entries: what the handler can open.
    public var documentTypes: [DocumentType]
    /// Identifiers of `UTExportedTypeDeclarations`.
    public var exportedTypes: [String]
    /// The `DBServices` entries: preview, import and export plugins the handler offers.
    public var services: [HandlerService]
    /// The Exec line of a `.desktop` entry, parsed.
    var commandLine: DesktopCommandLine?
    /// `Icon=` of a `.desktop` entry, for `%i`.
    public var iconName: String?
    /// `Terminal=true` of a `.desktop` entry: the program talks to the
    /// user through the terminal it is started in (vim, less, mc).
    public var runsInTerminal = false
    /// True when `CFBundleIdentifier` was missing or a build-setting
    /// placeholder, and ``identifier`` was derived from the file's name.
    public var identifierIsDerived = false
    /// What was left out because it could not be understood, each naming
    /// its key path. The rest of the manifest still counts.
    public var warnings: [DocKitError] = []
    /// For an app the desktop installed (`DesktopApplications`), the rank
    /// of its directory, 0 being the user's; nil for a registered handler.
    public internal(set) var installedDirectoryIndex: Int?

    /// `true` when the handler has a runnable executable here, so it can open documents.
    public var canOpen: Bool { executable != nil }

    /// Reverse-DNS, as bundle identifiers are; never a path.
    ///
    /// - Parameter identifier: The identifier to check.
    /// - Returns: `true` when it may name a handler.
    public static func isValidIdentifier(_ identifier: String) -> Bool {
        InfoPlistTypeDeclarations.isValidBundleIdentifier(identifier)
    }

    /// The directory relative executables are found in.
    public var baseDirectory: URL { bundleURL ?? manifestURL.deletingLastPathComponent() }
}

extension HandlerManifest {
    /// Reads and validates a manifest: a `.handler` bundle directory (or
    /// its Info.plist), a `.desktop` file, or an Info.plist-style file.
    /// Unknown keys are ignored; a problem names the file and key path.
    ///
    /// - Parameters:
    ///   - url: The manifest, bundle or `.desktop` file.
    ///   - environment: Where a `.desktop` entry's program is looked up.
    ///   - identifier: The identifier to use instead of `CFBundleIdentifier`.
    /// - Returns: The manifest, with what was left out in ``HandlerManifest/warnings``.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read at all
    ///   or is not a dictionary; anything less is a warning.
    public static func load(from url: URL, environment: [String: String], identifier: String? = nil) throws(DocKitError) -> HandlerManifest {
        var manifestURL = url
        var bundleURL: URL?
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            guard url.pathExtension.lowercased() == "handler" else {
                throw DocKitError(MalformedFileError(path: url.path, reason: "is a directory but not a .handler bundle"))
            }
            bundleURL = url
            manifestURL = url.appending(path: "Info.plist")
        } else if url.lastPathComponent == "Info.plist", url.deletingLastPathComponent().pathExtension.lowercased() == "handler" {
            bundleURL = url.deletingLastPathComponent()
        }
        if bundleURL == nil, url.pathExtension.lowercased() == "desktop" {
            var manifest = try DesktopEntry.load(from: url).manifest(environment: environment)
            if let identifier {
                guard isValidIdentifier(identifier) else { throw DocKitError(MalformedFileError(path: url.path, reason: "'\(identifier)' is not a valid handler identifier")) }
                manifest.identifier = identifier
            }
            return manifest
        }
        let root = PropertyListValue(value: try PropertyListFile.readDictionary(at: manifestURL), keyPath: "", path: manifestURL.path)
        return try parse(root, manifestURL: manifestURL, bundleURL: bundleURL, identifier: identifier)
    }

    /// Reads a manifest built into DocKit. Its file is a `builtin:` URL,
    /// so the program it names is found by no path: the bundled archiver is
    /// looked up by ``PluginSearchPath``.
    ///
    /// - Parameter file: The built-in manifest.
    /// - Returns: The manifest.
    /// - Throws: ``DocKitError/Code/malformed`` when it cannot be parsed.
    static func load(_ file: BundledFile) throws(DocKitError) -> HandlerManifest {
        let root = PropertyListValue(value: try PropertyListFile.dictionary(in: Data(file.text.utf8), path: file.label), keyPath: "", path: file.label)
        return try parse(root, manifestURL: file.url, bundleURL: nil)
    }

    static func parse(_ root: PropertyListValue, manifestURL: URL, bundleURL: URL?, identifier chosenIdentifier: String? = nil) throws(DocKitError) -> HandlerManifest {
        var warnings: [DocKitError] = []
        let identifier: String
        let identifierIsDerived: Bool
        if let chosenIdentifier {
            guard isValidIdentifier(chosenIdentifier) else {
                throw DocKitError(MalformedFileError(path: manifestURL.path, reason: "'\(chosenIdentifier)' is not a valid bundle identifier (reverse-DNS: at most \(InfoPlistTypeDeclarations.maximumIdentifierLength) ASCII letters, digits, '-', '_' and '.')"))
            }
            identifier = chosenIdentifier
            identifierIsDerived = false
        } else {
            let declared = root["CFBundleIdentifier"].string(warnings: &warnings)
            if let declared, isValidIdentifier(declared) {
                identifier = declared
                identifierIsDerived = false
            } else {
                identifier = HandlerIdentifierDerivation.identifier(declared: declared, manifestURL: manifestURL, bundleURL: bundleURL)
                identifierIsDerived = true
                let what = declared.map { HandlerIdentifierDerivation.isPlaceholder($0) ? "'\($0)' is a build setting, not an identifier" : "'\($0)' is not a valid bundle identifier" } ?? "missing"
                warnings.append(root["CFBundleIdentifier"].problem("\(what); the handler is known as '\(identifier)'"))
            }
        }
        let declarations = InfoPlistTypeDeclarations.declarations(in: root, exportedAs: .exported, warnings: &warnings)
        let exported = declarations.filter { $0.source == .exported }.map(\.identifier)
        var name: String?
        for key in ["CFBundleName", "CFBundleDisplayName"] where name == nil {
            name = root[key].string(warnings: &warnings).flatMap { $0.isEmpty || HandlerIdentifierDerivation.isPlaceholder($0) ? nil : $0 }
        }
        let declaredExecutable = root["CFBundleExecutable"].string(warnings: &warnings).flatMap { HandlerIdentifierDerivation.isPlaceholder($0) ? nil : $0 }
        let base = bundleURL ?? manifestURL.deletingLastPathComponent()
        let executable = declaredExecutable.flatMap { resolveExecutable($0, in: base) }

        var documentTypes: [DocumentType] = []
        for entry in root["CFBundleDocumentTypes"].dictionaries(warnings: &warnings) {
            documentTypes.append(documentType(entry, warnings: &warnings))
        }
        var services: [HandlerService] = []
        for entry in root["DBServices"].dictionaries(warnings: &warnings) {
            do {
                services.append(try service(entry, handler: identifier, base: base, defaultExecutable: executable))
            } catch {
                warnings.append(error.adding("; the service is ignored"))
            }
        }
        return HandlerManifest(
            identifier: identifier,
            name: name,
            form: bundleURL == nil ? .manifest : .bundle,
            manifestURL: manifestURL,
            bundleURL: bundleURL,
            declaredExecutable: declaredExecutable,
            executable: executable,
            documentTypes: documentTypes,
            exportedTypes: exported,
            services: services,
            identifierIsDerived: identifierIsDerived,
            // Document types are read twice, for the types they imply and
            // for the claims they make; each problem is told once.
            warnings: warnings.reduce(into: []) { unique, warning in if !unique.contains(warning) { unique.append(warning) } }
        )
    }

    private static func documentType(_ entry: PropertyListValue, warnings: inout [DocKitError]) -> DocumentType {
        var contentTypes: [String] = []
        for (index, type) in entry["LSItemContentTypes"].strings(warnings: &warnings).enumerated() {
            guard InfoPlistTypeDeclarations.isValidIdentifier(type) else {
                warnings.append(DocKitError(MalformedFileError(path: entry.path, keyPath: "\(entry.keyPath).LSItemContentTypes[\(index)]", reason: "\(InfoPlistTypeDeclarations.quoted(type)) is not a valid type identifier; ignored")))
                continue
            }
            contentTypes.append(type)
        }
        var role = HandlerRole.viewer
        if let text = entry["CFBundleTypeRole"].string(warnings: &warnings) {
            if let parsed = HandlerRole.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }) {
                role = parsed
            } else {
                // The claim still counts (it says the app knows the type),
                // but a role nobody defines never opens a document.
                role = .none
                warnings.append(entry["CFBundleTypeRole"].problem("'\(text)' is not a role (Editor, Viewer, Shell, None, QLGenerator or MDImporter); the types are claimed but never opened"))
            }
        }
        // Apple's default when LSHandlerRank is absent is Default, whoever
        // exports the type.
        var rank = HandlerRank.default
        var rankIsDeclared = false
        if let text = entry["LSHandlerRank"].string(warnings: &warnings) {
            if let parsed = HandlerRank.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }) {
                rank = parsed
                rankIsDeclared = true
            } else {
                warnings.append(entry["LSHandlerRank"].problem("'\(text)' is not a rank (Owner, Default, Alternate or None); Default is assumed"))
            }
        }
        return DocumentType(
            name: entry["CFBundleTypeName"].string(warnings: &warnings),
            contentTypes: contentTypes,
            filenameExtensions: entry["CFBundleTypeExtensions"].strings(warnings: &warnings).filter { !$0.isEmpty }.map { $0.lowercased() },
            mimeTypes: entry["CFBundleTypeMIMETypes"].strings(warnings: &warnings).filter { !$0.isEmpty }.map { $0.lowercased() },
            role: role,
            rank: rank,
            rankIsDeclared: rankIsDeclared,
            isPackage: entry["LSTypeIsPackage"].bool(warnings: &warnings) ?? false
        )
    }

    private static func service(_ entry: PropertyListValue, handler: String, base: URL, defaultExecutable: URL?) throws(DocKitError) -> HandlerService {
        let kindText = try entry["DBServiceKind"].requiredString()
        guard let kind = HandlerService.Kind(rawValue: kindText) else {
            throw entry["DBServiceKind"].problem("'\(kindText)' is not a service kind (export, import, preview or sync-status)")
        }
        guard entry["DBServiceTypes"].isPresent else { throw entry["DBServiceTypes"].problem("missing, an array of type identifiers is required") }
        let types = try entry["DBServiceTypes"].strings()
        if types.isEmpty { throw entry["DBServiceTypes"].problem("empty, at least one type identifier is required") }
        for (index, type) in types.enumerated() where !InfoPlistTypeDeclarations.isValidIdentifier(type) {
            throw DocKitError(MalformedFileError(path: entry.path, keyPath: "\(entry.keyPath).DBServiceTypes[\(index)]", reason: "'\(type)' is not a valid type identifier"))
        }
        var executable = defaultExecutable
        if let declared = try entry["DBServiceExecutable"].string() {
            executable = resolveExecutable(declared, in: base)
        }
        if entry["DBServiceArguments"].isPresent, !(entry["DBServiceArguments"].value is [Any]) {
            throw entry["DBServiceArguments"].problem("expected an array of strings")
        }
        var timeLimit: Duration?
        let limit = entry["DBServiceTimeLimit"]
        if let value = limit.value {
            guard let seconds = number(value) else { throw limit.problem("expected a number of seconds") }
            guard seconds > 0, seconds.isFinite else { throw limit.problem("must be a positive number of seconds") }
            guard seconds <= maximumServiceTimeLimit else { throw limit.problem("must be at most \(Int(maximumServiceTimeLimit)) seconds (a day)") }
            timeLimit = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        return HandlerService(
            kind: kind,
            types: types,
            executable: executable,
            arguments: try entry["DBServiceArguments"].strings(),
            timeLimit: timeLimit,
            handlerIdentifier: handler
        )
    }

    /// A plugin call that needs longer than a day is hung, whatever its
    /// manifest says; the bound also keeps the value within `Duration`.
    static let maximumServiceTimeLimit: Double = 86_400

    /// A number, but not a boolean, which Foundation also hands out as an
    /// NSNumber (of C type `char`).
    static func number(_ value: Any) -> Double? {
        if value is String || type(of: value) == Bool.self { return nil }
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }

    /// A relative path is found in `directory`; the result must be a
    /// regular file this process may execute, else the handler is types only.
    static func resolveExecutable(_ path: String, in directory: URL) -> URL? {
        // A built-in manifest's folder is a `builtin:` URL, not one to look in.
        guard !path.isEmpty, path.hasPrefix("/") || directory.isFileURL else { return nil }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path)
        return isRunnable(url) ? url.standardizedFileURL : nil
    }

    static func isRunnable(_ url: URL) -> Bool {
        ProgramSearchPath.isRunnable(url.path)
    }
}
