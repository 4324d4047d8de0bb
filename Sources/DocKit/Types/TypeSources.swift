import Foundation

/// The files the type registry is built from. Their paths, sizes and
/// modification times are the registry's fingerprint: when any changes, a
/// file appears or one goes away, the registry is rebuilt. A built-in
/// file's "modification time" is its text's hash, so that a DocKit with
/// other declarations rebuilds the registry of a home an older one built.
struct TypeSources: Sendable, Hashable {
    /// What kind of source a file is, which decides how it is read and what precedence its declarations get.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// docbrowser's own declarations, built in or `share/docbrowser/types`.
        case system
        /// A handler's manifest: its exported and imported types.
        case handlerManifest
        /// A freedesktop shared-mime-info source, `mime/packages/*.xml`.
        case sharedMimeInfo
    }

    /// One source file as it was when listed: part of the registry's fingerprint.
    public struct File: Sendable, Hashable, Codable {
        /// What kind of source the file is.
        public var kind: Kind
        /// The file's path.
        public var path: String
        /// The file's size in bytes, following symbolic links.
        public var size: Int64
        /// The file's `st_mtim`, in nanoseconds since 1970, following symbolic links.
        public var modificationTime: Int64
    }

    /// Files compiled into DocKit: `types/` ones are system declarations,
    /// `handlers/` ones handler manifests.
    var builtIn: [BundledFile]
    /// Folders of docbrowser's own `*.plist` and `*.json` declarations.
    public var systemDirectories: [URL]
    /// Registered handlers' manifests, whose exported and imported types count.
    public var handlerManifests: [URL]
    /// `mime/packages` folders whose `*.xml` files are read.
    public var sharedMimeInfoDirectories: [URL]

    /// Names the sources; nothing is read until ``files()`` or ``load()``.
    ///
    /// - Parameters:
    ///   - builtIn: Files compiled into DocKit, read first.
    ///   - systemDirectories: Folders of docbrowser's own declarations.
    ///   - handlerManifests: Registered handlers' manifest files.
    ///   - sharedMimeInfoDirectories: `mime/packages` folders.
    init(builtIn: [BundledFile] = [], systemDirectories: [URL], handlerManifests: [URL] = [], sharedMimeInfoDirectories: [URL] = []) {
        self.builtIn = builtIn
        self.systemDirectories = systemDirectories
        self.handlerManifests = handlerManifests
        self.sharedMimeInfoDirectories = sharedMimeInfoDirectories
    }

    /// `mime/packages` under `$XDG_DATA_HOME` and each of `$XDG_DATA_DIRS`
    /// (default `/usr/local/share:/usr/share`), as shared-mime-info itself
    /// searches them.
    public static func sharedMimeInfoDirectories(environment: [String: String]) -> [URL] {
        SharedMimeInfoRules.directories(environment: environment).map {
            $0.appending(path: "packages", directoryHint: .isDirectory)
        }
    }

    /// The files as they are on disk now, in a stable order.
    public func files() -> [File] {
        var files = builtIn.map { file in
            var hash = FNV1aHash()
            hash.combine(file.text.utf8)
            return File(kind: Self.kind(of: file), path: file.label, size: Int64(file.text.utf8.count), modificationTime: Int64(bitPattern: hash.value))
        }
        for directory in systemDirectories {
            files += Self.files(in: directory, extensions: ["plist", "json"], kind: .system)
        }
        files += handlerManifests.compactMap { Self.file(at: $0, kind: .handlerManifest) }
        for directory in sharedMimeInfoDirectories {
            files += Self.files(in: directory, extensions: ["xml"], kind: .sharedMimeInfo)
        }
        return files
    }

    private static func files(in directory: URL, extensions: Set<String>, kind: Kind) -> [File] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted()
            .filter { !$0.hasPrefix(".") && extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .compactMap { file(at: directory.appending(path: $0), kind: kind) }
    }

    private static func file(at url: URL, kind: Kind) -> File? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        let modified = Nanoseconds.since1970(status.st_mtim)
        return File(kind: kind, path: url.path, size: Int64(status.st_size), modificationTime: modified)
    }

    private static func kind(of file: BundledFile) -> Kind {
        file.name.hasPrefix("types/") ? .system : .handlerManifest
    }

    /// Every declaration the files make, and the problems of those that
    /// could not be read, which are skipped rather than failing the whole.
    public func load() -> (registry: TypeRegistry, files: [File], problems: [DocKitError]) {
        let files = files()
        let builtIn = Dictionary(builtIn.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        var declarations: [TypeDeclaration] = []
        var mimeTypes: [SharedMimeInfoDeclarations.MIMEType] = []
        var problems: [DocKitError] = []
        for file in files {
            let url = URL(fileURLWithPath: file.path)
            do {
                switch file.kind {
                case .system, .handlerManifest:
                    let source: TypeDeclarationSource = file.kind == .system ? .system : .exported
                    if let bundled = builtIn[file.path] {
                        declarations += try InfoPlistTypeDeclarations.load(bundled, exportedAs: source)
                    } else {
                        declarations += try InfoPlistTypeDeclarations.load(from: url, exportedAs: source)
                    }
                case .sharedMimeInfo:
                    mimeTypes += try SharedMimeInfoDeclarations.load(from: url)
                }
            } catch {
                problems.append(error)
            }
        }
        return (TypeDeclarationMerger.merge(declarations, sharedMimeInfo: mimeTypes), files, problems)
    }

    /// Docbrowser's own declarations are what `.txt` is typed by: without
    /// them every file would quietly take a freedesktop name, so a folder
    /// that holds none, or a file of them that cannot be read, is an error.
    ///
    /// - Parameters:
    ///   - files: The sources as listed.
    ///   - problems: What could not be read of them.
    /// - Throws: ``DocKitError/Code/malformed`` naming the folder or the file.
    func checkSystemDeclarations(_ files: [File], problems: [DocKitError]) throws(DocKitError) {
        let system = Set(files.filter { $0.kind == .system }.map(\.path))
        guard !system.isEmpty else {
            let place = systemDirectories.map(\.path).joined(separator: ", ")
            throw DocKitError(MalformedFileError(path: place.isEmpty ? "builtin:types" : place, reason: "holds no type declarations (*.plist, *.json): docbrowser's system types are missing"))
        }
        if let problem = problems.first(where: { system.contains($0.malformedFile.path) }) {
            throw problem
        }
    }
}
