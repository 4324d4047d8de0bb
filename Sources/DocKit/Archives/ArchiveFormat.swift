/// An archive format `export` can write: the name an export plugin is
/// given as `--format`, and the type whose export service writes it.
/// The bundled archiver's formats are known by name; any other is a type
/// some handler's `DBServices` declares, named by its preferred extension.
public struct ArchiveFormat: Sendable, Hashable, CustomStringConvertible {
    /// The name passed as `--format`: a bundled format's name (`tar.gz`) or a declared type's extension.
    public var name: String
    /// The archive type whose export service writes this format.
    public var typeIdentifier: String
    /// For a declared type that is a kind of a bundled format (an app's
    /// `.sbz` that conforms to `public.zip-archive`), that format: the
    /// bundled archiver, asked to write the type when no plugin of the
    /// app's own does, knows only its own names.
    public var bundledFormat: ArchiveFormat? { bundledFormatName.flatMap { name in Self.bundled.first { $0.name == name } } }
    // A name rather than the format itself: a struct cannot hold itself.
    private var bundledFormatName: String?

    /// Creates a format from its parts, without checking either.
    ///
    /// - Parameters:
    ///   - name: The name the plugin is given as `--format`.
    ///   - typeIdentifier: The archive type whose export service writes it.
    ///   - bundledFormat: The bundled format the type is a kind of, if any.
    public init(name: String, typeIdentifier: String, bundledFormat: ArchiveFormat? = nil) {
        self.name = name
        self.typeIdentifier = typeIdentifier
        bundledFormatName = bundledFormat?.name
    }

    /// A declared archive type, with the bundled format it conforms to.
    private init(name: String, declaredType typeIdentifier: String, registry: TypeRegistry) {
        let bundled = Self.bundled.first { registry.conforms(typeIdentifier, to: $0.typeIdentifier) }
        self.init(name: name, typeIdentifier: typeIdentifier, bundledFormat: bundled)
    }

    /// The format's name.
    public var description: String { name }

    /// Zip, compression levels 0–9.
    public static let zip = ArchiveFormat(name: "zip", typeIdentifier: "public.zip-archive")
    /// Uncompressed tar.
    public static let tar = ArchiveFormat(name: "tar", typeIdentifier: "public.tar-archive")
    /// Gzip-compressed tar (`tar.gz`, `tgz`), levels 1–9.
    public static let tarGzip = ArchiveFormat(name: "tar.gz", typeIdentifier: "org.gnu.gnu-zip-tar-archive")
    /// Bzip2-compressed tar (`tar.bz2`, `tbz2`), levels 1–9.
    public static let tarBzip2 = ArchiveFormat(name: "tar.bz2", typeIdentifier: "public.tar-bzip2-archive")
    /// Xz-compressed tar (`tar.xz`, `txz`), levels 0–9.
    public static let tarXz = ArchiveFormat(name: "tar.xz", typeIdentifier: "org.tukaani.tar-xz-archive")
    /// Zstandard-compressed tar (`tar.zst`, `tzst`), levels 1–19.
    public static let tarZstd = ArchiveFormat(name: "tar.zst", typeIdentifier: "com.facebook.zstd-tar-archive")
    /// 7-Zip, levels 0–9.
    public static let sevenZip = ArchiveFormat(name: "7z", typeIdentifier: "org.7-zip.7-zip-archive")

    /// The formats the bundled archiver writes.
    public static let bundled: [ArchiveFormat] = [.zip, .tar, .tarGzip, .tarBzip2, .tarXz, .tarZstd, .sevenZip]

    /// The compression levels the bundled archiver takes for this format:
    /// nil for a format without compression, or one a plugin writes (its
    /// own plugin judges the level).
    public var compressionLevels: ClosedRange<Int>? {
        switch self {
        case .zip, .tarXz, .sevenZip: 0...9
        case .tarGzip, .tarBzip2: 1...9
        case .tarZstd: 1...19
        default: nil
        }
    }

    /// Whether the bundled archiver writes this format, which then takes
    /// only ``compressionLevels``.
    public var isBundled: Bool { Self.bundled.contains(self) }

    /// Output-name endings of the bundled formats, longest first so that
    /// `x.tar.gz` is not taken for a plain `.gz`.
    private static let suffixes: [(String, ArchiveFormat)] = [
        (".tar.gz", .tarGzip), (".tgz", .tarGzip), (".tar.bz2", .tarBzip2), (".tbz2", .tarBzip2), (".tbz", .tarBzip2),
        (".tar.xz", .tarXz), (".txz", .tarXz),
        (".tar.zst", .tarZstd), (".tzst", .tarZstd), (".tar", .tar), (".zip", .zip), (".7z", .sevenZip),
    ]

    /// The bundled format an output name asks for (`x.tar.gz`, `x.tgz`, `x.ZIP`).
    ///
    /// - Parameter filename: The output's name; only its ending counts, in any
    ///   case. Without a bundled format's ending the format is `nil`.
    public init?(filename: String) {
        let name = filename.lowercased()
        guard let match = Self.suffixes.first(where: { name.hasSuffix($0.0) }) else { return nil }
        self = match.1
    }

    /// The format an output name asks for: a bundled one by its ending,
    /// else the declared type of its extension, when that type is an
    /// archive. The plugin is given the whole extension the type claims
    /// (`tar.bz2` for `x.tar.bz2`, not `bz2`, which names plain bzip2).
    ///
    /// - Parameters:
    ///   - filename: The output's name.
    ///   - registry: The registry whose types' extensions name the formats
    ///     besides the bundled ones.
    public init?(filename: String, registry: TypeRegistry) {
        if let bundled = ArchiveFormat(filename: filename) {
            self = bundled
            return
        }
        let name = RawPath(filename).lastComponent.description
        let type = registry.type(forFileName: name, isDirectory: false)
        guard !type.isDynamic, registry.conforms(type.identifier, to: "public.archive") else { return nil }
        let claimed = TypeRegistry.extensionCandidates(of: name).first { candidate in
            registry.types(withTag: candidate, tagClass: .filenameExtension).contains { $0.identifier == type.identifier }
        }
        guard let claimed else { return nil }
        self.init(name: claimed.lowercased(), declaredType: type.identifier, registry: registry)
    }

    /// The format of an output named FILE when `--format` is not given: the
    /// one its extension names, or zip for a name without one, as `zip`
    /// would. A name that says it is something else (`x.pdf`) is refused
    /// rather than given a zip under a false name.
    ///
    /// - Parameters:
    ///   - filename: The output's name.
    ///   - registry: The registry whose types' extensions name the formats.
    /// - Throws: ``DocKitError``, with the type it names in
    ///   ``DocKitError/Code/notAnArchive``, when the name's extension is of a
    ///   type that is no archive.
    public init(output filename: String, registry: TypeRegistry) throws(DocKitError) {
        if let named = ArchiveFormat(filename: filename, registry: registry) {
            self = named
            return
        }
        let name = RawPath(filename).lastComponent.description
        let type = registry.type(forFileName: name, isDirectory: false)
        guard type.isDynamic || type.identifier == UTType.data else {
            throw DocKitError(ArchiveFormatError(argument: name, namedType: type.description.map { "\"\($0)\" (\(type.identifier))" } ?? type.identifier))
        }
        self = .zip
    }

    /// What `--format` names: a bundled format (`tar.gz`), a filename
    /// extension (`cpio`), or a type identifier (`public.cpio-archive`).
    ///
    /// - Parameters:
    ///   - argument: The `--format` value, with or without a leading dot.
    ///   - registry: The registry whose archive types it may name.
    /// - Throws: ``DocKitError`` when it names neither a bundled format
    ///   nor an archive type the registry declares, by identifier or extension.
    public init(argument: String, registry: TypeRegistry) throws(DocKitError) {
        let text = argument.lowercased().trimmingPrefix(".")
        if let bundled = Self.bundled.first(where: { $0.name == text }) ?? ArchiveFormat(filename: "x." + text) {
            self = bundled
            return
        }
        if let declared = registry.type(withIdentifier: argument), registry.conforms(declared.identifier, to: "public.archive") {
            if let bundled = Self.bundled.first(where: { $0.typeIdentifier == declared.identifier }) {
                self = bundled
                return
            }
            self.init(name: declared.preferredFilenameExtension ?? declared.identifier, declaredType: declared.identifier, registry: registry)
            return
        }
        let byExtension = registry.types(withTag: String(text), tagClass: .filenameExtension, conformingTo: "public.archive")
        guard let type = byExtension.first else { throw DocKitError(ArchiveFormatError(argument: argument)) }
        self.init(name: String(text), declaredType: type.identifier, registry: registry)
    }
}

/// `--format` named nothing any registered type declares, or an output
/// name without `--format` names a type that is no archive.
struct ArchiveFormatError: DocKitFailure, Hashable {
    /// The `--format` value or output name that was refused.
    var argument: String
    /// For an output name: the kind of document its extension names.
    var namedType: String?

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - argument: The refused `--format` value or output name.
    ///   - namedType: The non-archive type an output name's extension names, or `nil`.
    init(argument: String, namedType: String? = nil) {
        self.argument = argument
        self.namedType = namedType
    }

    var code: DocKitError.Code { namedType == nil ? .unknownFormat : .notAnArchive }

    var document: String? { argument }

    /// A message naming the argument and, for a `--format` value, the formats accepted.
    var description: String {
        if let namedType {
            return "\(argument): the name says \(namedType), not an archive"
        }
        return "'\(argument)' is not an archive format: give zip, tar, tar.gz, tar.bz2, tar.xz, tar.zst, 7z, "
            + "or the extension or type identifier of an archive type a handler exports"
    }
}
