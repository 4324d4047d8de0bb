/// A Uniform Type Identifier with everything the registry knows about it:
/// its direct conformances, its tags, and who declared it.
///
/// Conformance is a graph question, so it is answered by ``TypeRegistry``,
/// which holds every type; a `UTType` is a plain value.
public struct UTType: Sendable, Hashable, Codable, Identifiable {
    /// The reverse-DNS identifier, such as `public.plain-text`, or a `dyn.` identifier for a type nobody declares.
    public var identifier: String
    /// The human-readable name from the winning declaration; `nil` when no source gives one.
    public var description: String?
    /// The types this one conforms to directly, in declaration order.
    public var conformsTo: [String]
    /// Lower-cased, without the dot; the first is the preferred one.
    public var filenameExtensions: [String]
    /// Lower-cased; the first is the preferred one.
    public var mimeTypes: [String]
    /// An icon name: the declaration's `UTTypeIconName`, else shared-mime-info's generic icon;
    /// `nil` when no source names one.
    public var iconName: String?
    /// The source whose declaration won; see ``TypeDeclarationSource`` for the order.
    public var source: TypeDeclarationSource
    /// The file the winning UTI declaration was read from; `nil` for types made from
    /// shared-mime-info alone and for dynamic types.
    public var declaredIn: String?
    /// `true` when some declaration marked the type with `LSTypeIsPackage`, so its
    /// directories are handled as one item even without conforming to `com.apple.package`.
    public var isDeclaredPackage: Bool

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }
    /// `true` for a `dyn.` identifier made up for a tag no source declares.
    public var isDynamic: Bool { identifier.hasPrefix(DynamicTypeIdentifier.prefix) }
    /// The first filename extension, without the dot; `nil` when the type has none.
    public var preferredFilenameExtension: String? { filenameExtensions.first }
    /// The first MIME type; `nil` when the type has none.
    public var preferredMIMEType: String? { mimeTypes.first }

    /// Creates a type from already-merged values; normally only the registry builds these.
    ///
    /// - Parameters:
    ///   - identifier: The reverse-DNS or `dyn.` identifier.
    ///   - description: The human-readable name, if any.
    ///   - conformsTo: Identifiers of the types this one conforms to directly.
    ///   - filenameExtensions: Lower-cased extensions without the dot, preferred first.
    ///   - mimeTypes: Lower-cased MIME types, preferred first.
    ///   - iconName: An icon name, if any.
    ///   - source: The source whose declaration won.
    ///   - declaredIn: The file the declaration was read from, if any.
    ///   - isDeclaredPackage: Whether `LSTypeIsPackage` marked the type.
    public init(
        identifier: String,
        description: String? = nil,
        conformsTo: [String] = [],
        filenameExtensions: [String] = [],
        mimeTypes: [String] = [],
        iconName: String? = nil,
        source: TypeDeclarationSource,
        declaredIn: String? = nil,
        isDeclaredPackage: Bool = false
    ) {
        self.identifier = identifier
        self.description = description
        self.conformsTo = conformsTo
        self.filenameExtensions = filenameExtensions
        self.mimeTypes = mimeTypes
        self.iconName = iconName
        self.source = source
        self.declaredIn = declaredIn
        self.isDeclaredPackage = isDeclaredPackage
    }
}

extension UTType {
    /// The identifiers the system declarations must provide, because DocKit's
    /// own rules are written in terms of them.
    public static let item = "public.item"
    /// `public.content`: the root of document content types (text, images, audio, …).
    public static let content = "public.content"
    /// `public.data`: a byte stream, the parent of every regular-file type.
    public static let data = "public.data"
    /// `public.directory`: any directory, including packages.
    public static let directory = "public.directory"
    /// `public.folder`: a directory the user browses into, as opposed to a package.
    public static let folder = "public.folder"
    /// `public.symlink`: a symbolic link.
    public static let symbolicLink = "public.symlink"
    /// `com.apple.package`: a directory presented and handled as one document.
    public static let package = "com.apple.package"
    /// `public.text`: any text, whatever its encoding or markup.
    public static let text = "public.text"
    /// `public.plain-text`: text with no markup; `text/plain`.
    public static let plainText = "public.plain-text"
    /// `public.image`: the parent of the image types.
    public static let image = "public.image"
    /// `public.audio`: the parent of the audio types.
    public static let audio = "public.audio"
    /// `public.movie`: the parent of the video types.
    public static let movie = "public.movie"
}
