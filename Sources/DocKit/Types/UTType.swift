/// A Uniform Type Identifier with everything the registry knows about it:
/// its direct conformances, its tags, and who declared it.
///
/// Conformance is a graph question, so it is answered by ``TypeRegistry``,
/// which holds every type; a `UTType` is a plain value.
public struct UTType: Sendable, Hashable, Codable, Identifiable {
    public var identifier: String
    public var description: String?
    /// The types this one conforms to directly, in declaration order.
    public var conformsTo: [String]
    /// Lower-cased, without the dot; the first is the preferred one.
    public var filenameExtensions: [String]
    /// Lower-cased; the first is the preferred one.
    public var mimeTypes: [String]
    public var iconName: String?
    public var source: TypeDeclarationSource
    public var declaredIn: String?
    public var isDeclaredPackage: Bool

    public var id: String { identifier }
    public var isDynamic: Bool { identifier.hasPrefix(DynamicTypeIdentifier.prefix) }
    public var preferredFilenameExtension: String? { filenameExtensions.first }
    public var preferredMIMEType: String? { mimeTypes.first }

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
    public static let content = "public.content"
    public static let data = "public.data"
    public static let directory = "public.directory"
    public static let folder = "public.folder"
    public static let symbolicLink = "public.symlink"
    public static let package = "com.apple.package"
    public static let text = "public.text"
    public static let plainText = "public.plain-text"
    public static let image = "public.image"
    public static let audio = "public.audio"
    public static let movie = "public.movie"
}
