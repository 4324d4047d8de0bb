/// One type as a single source declares it, before the registry merges
/// all sources.
public struct TypeDeclaration: Sendable, Hashable, Codable {
    public struct Tag: Sendable, Hashable, Codable {
        public var tagClass: TypeTagClass
        public var value: String
        /// Ranks claims on one tag within a source: shared-mime-info glob
        /// weights (default 50), so `*.tar.gz` can outrank `*.gz`.
        public var weight: Int

        public init(_ tagClass: TypeTagClass, _ value: String, weight: Int = 50) {
            self.tagClass = tagClass
            self.value = tagClass.normalized(value)
            self.weight = weight
        }
    }

    public var identifier: String
    public var description: String?
    public var conformsTo: [String]
    public var tags: [Tag]
    public var iconName: String?
    public var source: TypeDeclarationSource
    /// The file the declaration was read from, so that `types` can say who
    /// declared what and error messages can name it.
    public var declaredIn: String?
    /// Set by `LSTypeIsPackage`: documents of this type are directories
    /// handled as one item even when the type does not conform to
    /// `com.apple.package`.
    public var isDeclaredPackage: Bool

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

    public func tags(_ tagClass: TypeTagClass) -> [String] {
        tags.filter { $0.tagClass == tagClass }.map(\.value)
    }
}
