/// One type as a single source declares it, before the registry merges
/// all sources.
public struct TypeDeclaration: Sendable, Hashable, Codable {
    /// One filename extension or MIME type the declaration claims.
    public struct Tag: Sendable, Hashable, Codable {
        /// Whether the tag is a filename extension or a MIME type.
        public var tagClass: TypeTagClass
        /// The tag, normalized for its class (lower-cased; an extension without its dot).
        public var value: String
        /// Ranks claims on one tag within a source: shared-mime-info glob
        /// weights (default 50), so `*.tar.gz` can outrank `*.gz`.
        public var weight: Int

        /// Creates a tag, normalizing `value` for its class.
        ///
        /// - Parameters:
        ///   - tagClass: Whether it is an extension or a MIME type.
        ///   - value: The tag as declared.
        ///   - weight: Its rank among claims on the same tag within one source; 50 by default.
        public init(_ tagClass: TypeTagClass, _ value: String, weight: Int = 50) {
            self.tagClass = tagClass
            self.value = tagClass.normalized(value)
            self.weight = weight
        }
    }

    /// The reverse-DNS identifier declared, or a `dyn.` identifier for a legacy entry.
    public var identifier: String
    /// The human-readable name, or `nil` when the source gives none.
    public var description: String?
    /// Identifiers of the types this one conforms to directly, in declaration order.
    public var conformsTo: [String]
    /// The extensions and MIME types the declaration claims.
    public var tags: [Tag]
    /// An icon name, or `nil` when the source gives none.
    public var iconName: String?
    /// Where the declaration came from, which decides who wins when sources disagree.
    public var source: TypeDeclarationSource
    /// The file the declaration was read from, so that `types` can say who
    /// declared what and error messages can name it.
    public var declaredIn: String?
    /// Set by `LSTypeIsPackage`: documents of this type are directories
    /// handled as one item even when the type does not conform to
    /// `com.apple.package`.
    public var isDeclaredPackage: Bool

    /// Creates a declaration as read from one source.
    ///
    /// - Parameters:
    ///   - identifier: The declared identifier.
    ///   - description: The human-readable name, if any.
    ///   - conformsTo: Identifiers of its direct parents.
    ///   - tags: The extensions and MIME types claimed.
    ///   - iconName: An icon name, if any.
    ///   - source: Where the declaration came from.
    ///   - declaredIn: The file it was read from, if any.
    ///   - isDeclaredPackage: Whether `LSTypeIsPackage` marks it.
    public init(
        identifier: String,
        description: String? = nil,
        conformsTo: [String] = [],
        tags: [Tag] = [],
        iconName: String? = nil,
        source: TypeDeclarationSource,
        declaredIn: String? = nil,
        isDeclaredPackage: Bool = false
    ) {
        self.identifier = identifier
        self.description = description
        self.conformsTo = conformsTo
        self.tags = tags
        self.iconName = iconName
        self.source = source
        self.declaredIn = declaredIn
        self.isDeclaredPackage = isDeclaredPackage
    }

    /// The values of the tags of one class, in declaration order.
    ///
    /// - Parameter tagClass: Extensions or MIME types.
    /// - Returns: The normalized tag values of that class.
    public func tags(_ tagClass: TypeTagClass) -> [String] {
        tags.filter { $0.tagClass == tagClass }.map(\.value)
    }
}
