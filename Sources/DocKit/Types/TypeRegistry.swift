import Foundation

/// Every known type, and the answers LaunchServices gives about them:
/// which type a tag names, and which types a type conforms to.
///
/// A registry is an immutable value. ``TypeRegistryStore`` keeps one
/// persisted in SQLite and rebuilds it when a source changes.
public struct TypeRegistry: Sendable {
    /// One type's claim on one tag, ranked against other claims on it.
    public struct TagClaim: Sendable, Hashable, Codable {
        /// Whether the tag is a filename extension or a MIME type.
        public var tagClass: TypeTagClass
        /// The tag, normalized for its class.
        public var value: String
        /// The type claiming the tag.
        public var identifier: String
        /// Where the claim came from; a stronger source outranks any weight.
        public var source: TypeDeclarationSource
        /// The glob weight within one source (default 50); the heavier claim wins.
        public var weight: Int
        /// The claim's place among all claims, in the order their files
        /// were read and their declarations written.
        public var order: Int

        /// Creates a claim.
        ///
        /// - Parameters:
        ///   - tagClass: Extension or MIME type.
        ///   - value: The normalized tag.
        ///   - identifier: The claiming type.
        ///   - source: Where the claim came from.
        ///   - weight: Its glob weight within the source.
        ///   - order: Its place among all claims, the last tie-breaker.
        public init(tagClass: TypeTagClass, value: String, identifier: String, source: TypeDeclarationSource, weight: Int, order: Int = 0) {
            self.tagClass = tagClass
            self.value = value
            self.identifier = identifier
            self.source = source
            self.weight = weight
            self.order = order
        }

        /// Stronger source first; within one source the heavier glob; then
        /// a declared type before a dynamic one, which only stands for a tag
        /// an app listed; then the claim declared first, as whoever wrote
        /// the declarations ordered them. Never the alphabet.
        static func ranks(_ lhs: Self, before rhs: Self) -> Bool {
            if lhs.source != rhs.source { return lhs.source < rhs.source }
            if lhs.weight != rhs.weight { return lhs.weight > rhs.weight }
            let lhsIsDynamic = lhs.identifier.hasPrefix(DynamicTypeIdentifier.prefix)
            if lhsIsDynamic != rhs.identifier.hasPrefix(DynamicTypeIdentifier.prefix) { return !lhsIsDynamic }
            if lhs.order != rhs.order { return lhs.order < rhs.order }
            return lhs.identifier < rhs.identifier
        }
    }

    /// The dictionaries of a registry built from its sources, or the index
    /// a store mapped: the answers below are the same from either.
    let backing: any TypeRegistryBacking

    /// shared-mime-info's compiled globs and magic of the folders the
    /// declarations were read from, which ``FileTypeIdentifier`` types
    /// names and content by; `nil` for a registry made in code.
    var sharedMimeInfo: SharedMimeInfoRules?

    /// The shared-mime-info folders (`mime` under each XDG data directory of
    /// the library's environment) whose compiled rules, `globs2` and
    /// `magic`, ``FileTypeIdentifier/init(registry:)`` types files by, more
    /// important first. A registry from a ``TypeRegistryStore`` has those of
    /// the folders its declarations were read from; one made in code has none.
    public var sharedMimeInfoDirectories: [URL] { sharedMimeInfo?.directories ?? [] }

    /// Builds a registry in memory from merged types and claims; `TypeSources.load()` makes them.
    ///
    /// - Parameters:
    ///   - types: The declared types.
    ///   - claims: Every tag claim, in merge order.
    public init(types: [UTType], claims: [TagClaim]) {
        backing = TypeRegistryDictionaries(types: types, claims: claims)
    }

    init(backing: any TypeRegistryBacking) {
        self.backing = backing
    }

    /// Every claim, in the order the merge gave them, including those of
    /// types that were not declared.
    public var claims: [TagClaim] { backing.claims }

    /// Identifiers compare case-insensitively, as on Apple's platforms,
    /// where `com.apple.iWork.Pages.pages` and `com.apple.iwork.pages.pages`
    /// are one type.
    static func key(_ identifier: String) -> String { identifier.lowercased() }

    /// The declared types, in identifier order.
    public var allTypes: [UTType] { backing.allTypes }

    /// How many declared types the registry holds.
    public var count: Int { backing.count }

    /// A fingerprint of every answer the registry can give, the same in
    /// every process for the same content, so that a cache of types
    /// (the catalog) can tell when its answers went stale.
    public var digest: String { backing.digest }

    static func digest(types: [UTType], claims: [TagClaim]) -> String {
        var hash = FNV1aHash()
        for type in types {
            hash.combine(field: type.identifier)
            type.conformsTo.forEach { hash.combine(field: $0) }
            hash.combine(field: type.isDeclaredPackage ? "package" : "")
        }
        // Claims keep the order the merge gave them, which the store
        // preserves, so they need no sorting to hash the same everywhere.
        for claim in claims {
            hash.combine(field: "\(claim.tagClass.rawValue) \(claim.value) \(claim.identifier) \(claim.source.rawValue) \(claim.weight)")
        }
        return hash.hexadecimal
    }

    /// The type with this identifier. A `dyn.` identifier is decoded, as
    /// LaunchServices does, so it is known without being declared.
    ///
    /// - Parameter identifier: A type identifier, compared case-insensitively.
    /// - Returns: The type; `nil` when it is neither declared nor a valid
    ///   `dyn.` identifier.
    public func type(withIdentifier identifier: String) -> UTType? {
        if let type = backing.declaredType(key: Self.key(identifier)) { return type }
        guard let (tagClass, tag, parent) = DynamicTypeIdentifier.decode(identifier) else { return nil }
        return dynamicType(identifier: identifier, tagClass: tagClass, tag: tag, parent: parent)
    }

    /// The types that claim a tag, best first, keeping only those that
    /// conform to `supertype` when one is given.
    ///
    /// - Parameters:
    ///   - tag: An extension (leading dots dropped) or a MIME type, in any case;
    ///     a MIME type no type claims with its charset is looked up without it.
    ///   - tagClass: What kind of tag it is.
    ///   - supertype: A type the results must conform to, or `nil`.
    /// - Returns: The declared types; empty when none claims the tag.
    public func types(withTag tag: String, tagClass: TypeTagClass, conformingTo supertype: String? = nil) -> [UTType] {
        var candidates = backing.types(claiming: tagClass.normalized(tag), tagClass: tagClass)
        if candidates.isEmpty, let essence = tagClass.essence(tag) {
            candidates = backing.types(claiming: essence, tagClass: tagClass)
        }
        guard let supertype else { return candidates }
        return candidates.filter { conforms($0.identifier, to: supertype) }
    }

    /// The best type for a tag, or a dynamic type when none claims it.
    /// With a supertype, only types conforming to it count, as in
    /// `UTType(tag:tagClass:conformingTo:)`; without one, a type of data
    /// is preferred but a package type that claims the tag is still found.
    ///
    /// - Parameters:
    ///   - tag: An extension or a MIME type, in any case.
    ///   - tagClass: What kind of tag it is.
    ///   - supertype: A type the result must conform to, or `nil`.
    /// - Returns: The best declared type, or a `dyn.` type that conforms to
    ///   `supertype` (`public.data` without one).
    public func preferredType(withTag tag: String, tagClass: TypeTagClass, conformingTo supertype: String? = nil) -> UTType {
        let candidates = types(withTag: tag, tagClass: tagClass, conformingTo: supertype)
        if let type = candidates.first(where: { conforms($0.identifier, to: UTType.data) }) ?? candidates.first {
            return type
        }
        let parent = supertype ?? UTType.data
        let identifier = DynamicTypeIdentifier.make(tagClass: tagClass, tag: tag, conformingTo: parent)
        return dynamicType(identifier: identifier, tagClass: tagClass, tag: tagClass.normalized(tag), parent: parent)
    }

    /// The type of a file or directory by its name, trying multi-part
    /// extensions longest first, so `a.tar.gz` is a gzip'd tar, not a gzip.
    /// A directory is a package only when its extension names a package
    /// type; otherwise it is a folder.
    ///
    /// - Parameters:
    ///   - name: The file's name, without its folder.
    ///   - isDirectory: Whether it is a directory.
    /// - Returns: For a file, the declared type of its extension, a `dyn.`
    ///   type for an extension nothing declares, or `public.data` without
    ///   one; for a directory, the package type of its extension, else
    ///   `public.folder`.
    public func type(forFileName name: String, isDirectory: Bool) -> UTType {
        let candidates = Self.extensionCandidates(of: name)
        for candidate in candidates {
            let claimants = types(withTag: candidate, tagClass: .filenameExtension)
            let match = isDirectory
                ? claimants.first { isPackage($0.identifier) }
                : claimants.first { conforms($0.identifier, to: UTType.data) }
            if let match { return match }
        }
        if isDirectory { return type(withIdentifier: UTType.folder) ?? fallbackType(UTType.folder) }
        guard let shortest = candidates.last else { return type(withIdentifier: UTType.data) ?? fallbackType(UTType.data) }
        return preferredType(withTag: shortest, tagClass: .filenameExtension, conformingTo: UTType.data)
    }

    /// `a.b.tar.gz` gives `b.tar.gz`, `tar.gz`, `gz`: suffixes after a dot,
    /// longest first, at most three parts long (`tar.gz` is the longest in
    /// use). The leading dots of a hidden file separate no extension.
    static func extensionCandidates(of name: String) -> [String] {
        let stem = name.drop { $0 == "." }
        let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return [] }
        return (max(1, parts.count - 3)..<parts.count)
            .map { parts[$0...] }
            .filter { suffix in !suffix.contains("") }
            .map { $0.joined(separator: ".") }
    }

    /// Conformance is reflexive and transitive.
    ///
    /// - Parameters:
    ///   - identifier: The type asked about.
    ///   - supertype: The type it may conform to; both compare
    ///     case-insensitively.
    /// - Returns: `true` when `supertype` is in the conformance chain of
    ///   `identifier`, or is `identifier` itself.
    public func conforms(_ identifier: String, to supertype: String) -> Bool {
        let supertype = Self.key(supertype)
        return conformanceChain(of: identifier).contains { Self.key($0) == supertype }
    }

    /// The type itself, then every type it conforms to, nearest first
    /// (breadth-first), each once.
    ///
    /// - Parameter identifier: A type identifier; an unknown one is its own
    ///   chain.
    /// - Returns: Identifiers, `identifier` (as declared) first.
    public func conformanceChain(of identifier: String) -> [String] {
        if let chain = backing.conformanceChain(ofDeclared: Self.key(identifier)) { return chain }
        var chain = [type(withIdentifier: identifier)?.identifier ?? identifier]
        var seen: Set<String> = [Self.key(identifier)]
        var index = 0
        while index < chain.count {
            let parents = type(withIdentifier: chain[index])?.conformsTo ?? []
            for parent in parents where seen.insert(Self.key(parent)).inserted {
                chain.append(parent)
            }
            index += 1
        }
        return chain
    }

    /// A package is a directory handled as one document: its type conforms
    /// to `com.apple.package`, or some declaration says `LSTypeIsPackage`.
    ///
    /// - Parameter identifier: A type identifier.
    /// - Returns: `true` for a package type.
    public func isPackage(_ identifier: String) -> Bool {
        if let isPackage = backing.isPackage(declared: Self.key(identifier)) { return isPackage }
        return conformanceChain(of: identifier).contains { Self.key($0) == UTType.package || backing.declaredType(key: Self.key($0))?.isDeclaredPackage == true }
    }

    private func dynamicType(identifier: String, tagClass: TypeTagClass, tag: String, parent: String) -> UTType {
        UTType(
            identifier: identifier,
            conformsTo: [parent],
            filenameExtensions: tagClass == .filenameExtension ? [tag] : [],
            mimeTypes: tagClass == .mimeType ? [tag] : [],
            source: .dynamic
        )
    }

    /// Only reached when the system declarations were not found at all;
    /// the registry still answers rather than crash.
    private func fallbackType(_ identifier: String) -> UTType {
        UTType(identifier: identifier, source: .system)
    }
}
