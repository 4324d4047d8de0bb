/// Merges the declarations of every source into one registry.
///
/// Rules, in the order they apply:
/// - An identifier declared by several sources takes its description,
///   conformances and icon from the strongest source
///   (``TypeDeclarationSource``); every source adds its tags.
/// - A shared-mime-info type whose MIME type (or one of its aliases) a UTI
///   already tags is that UTI: its aliases and globs become more tags of
///   it, but it changes none of the UTI's conformances (Apple's graph is
///   the reference; shared-mime-info's `sub-class-of` is looser).
/// - Any other shared-mime-info type becomes a type of its own, named
///   ``freedesktopIdentifier(forMIMEType:)``, conforming to the types of
///   its `sub-class-of` parents, else to what its media type implies.
/// - When several types claim one tag, ``TypeRegistry/TagClaim`` ranks them.
public enum TypeDeclarationMerger {
    public static let freedesktopPrefix = "org.freedesktop.mime."

    public static func merge(_ declarations: [TypeDeclaration], sharedMimeInfo: [SharedMimeInfoDeclarations.MIMEType] = []) -> TypeRegistry {
        var builder = Builder()
        builder.addUTIDeclarations(declarations)
        builder.addSharedMimeInfo(sharedMimeInfo)
        return TypeRegistry(types: builder.types(), claims: builder.claims)
    }

    /// A stable identifier for a MIME type no UTI declares:
    /// `application/x-foo+xml` becomes `org.freedesktop.mime.application.x-foo-xml`.
    public static func freedesktopIdentifier(forMIMEType mimeType: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
        let sanitized = mimeType.lowercased().map { $0 == "/" ? "." : (allowed.contains($0) ? $0 : "-") }
        return freedesktopPrefix + String(sanitized)
    }

    private struct Builder {
        /// Keyed by lower-cased identifier: identifiers are case-insensitive.
        var merged: [String: UTType] = [:]
        var order: [String] = []
        var claims: [TypeRegistry.TagClaim] = []

        func types() -> [UTType] { order.compactMap { merged[$0] } }

        mutating func addUTIDeclarations(_ declarations: [TypeDeclaration]) {
            let grouped = Dictionary(grouping: declarations) { $0.identifier.lowercased() }
            var firstDeclared: [String] = []
            for declaration in declarations where firstDeclared.last != declaration.identifier.lowercased() {
                firstDeclared.append(declaration.identifier.lowercased())
            }
            var seen = Set<String>()
            // In declaration order, so that each claim's order is where its
            // type was first declared.
            for identifier in firstDeclared where seen.insert(identifier).inserted {
                // A package mark only says "this is a package"; a real
                // declaration of the same source describes the type.
                let group = grouped[identifier]!.sorted { lhs, rhs in
                    if lhs.source != rhs.source { return lhs.source < rhs.source }
                    return !Self.isPackageMark(lhs) && Self.isPackageMark(rhs)
                }
                let winner = group[0]
                var type = UTType(
                    identifier: winner.identifier,
                    description: winner.description ?? group.lazy.compactMap(\.description).first,
                    conformsTo: winner.conformsTo,
                    iconName: winner.iconName ?? group.lazy.compactMap(\.iconName).first,
                    source: winner.source,
                    declaredIn: winner.declaredIn,
                    isDeclaredPackage: group.contains(where: \.isDeclaredPackage)
                )
                for declaration in group {
                    for tag in declaration.tags {
                        addTag(tag, source: declaration.source, to: &type)
                    }
                }
                insert(type)
            }
        }

        mutating func addSharedMimeInfo(_ mimeTypes: [SharedMimeInfoDeclarations.MIMEType]) {
            let fileTypes = mimeTypes.filter { Self.isFileType($0.name) }
            var owners = mimeOwners()
            for mimeType in fileTypes {
                let owner = ([mimeType.name] + mimeType.aliases).lazy.compactMap { owners[$0] }.first
                    ?? freedesktopIdentifier(forMIMEType: mimeType.name)
                for name in [mimeType.name] + mimeType.aliases where owners[name] == nil {
                    owners[name] = owner
                }
            }
            for mimeType in fileTypes {
                guard let identifier = owners[mimeType.name] else { continue }
                var type = merged[identifier.lowercased()] ?? UTType(
                    identifier: identifier,
                    description: mimeType.comment,
                    conformsTo: Self.parents(of: mimeType, owners: owners, identifier: identifier),
                    iconName: mimeType.genericIcon,
                    source: .sharedMimeInfo,
                    declaredIn: nil
                )
                if type.description == nil { type.description = mimeType.comment }
                if type.iconName == nil { type.iconName = mimeType.genericIcon }
                for name in [mimeType.name] + mimeType.aliases {
                    addTag(TypeDeclaration.Tag(.mimeType, name), source: .sharedMimeInfo, to: &type)
                }
                for tag in mimeType.extensions {
                    addTag(tag, source: .sharedMimeInfo, to: &type)
                }
                insert(type)
            }
        }

        private func mimeOwners() -> [String: String] {
            var owners: [String: String] = [:]
            let ranked = claims.filter { $0.tagClass == .mimeType }.sorted(by: TypeRegistry.TagClaim.ranks)
            for claim in ranked where owners[claim.value] == nil {
                owners[claim.value] = claim.identifier
            }
            return owners
        }

        /// `inode/*` names kinds of file-system object, `x-content/*` kinds
        /// of volume, `all/*` wildcards: none is a type of document.
        private static func isFileType(_ mimeType: String) -> Bool {
            !["inode/", "x-content/", "all/", "x-scheme-handler/"].contains { mimeType.hasPrefix($0) }
        }

        private static func parents(of mimeType: SharedMimeInfoDeclarations.MIMEType, owners: [String: String], identifier: String) -> [String] {
            var parents: [String] = []
            for parent in mimeType.subClassOf {
                guard let parentIdentifier = owners[parent], parentIdentifier != identifier, !parents.contains(parentIdentifier) else { continue }
                parents.append(parentIdentifier)
            }
            if let implied = impliedParent(of: mimeType.name), implied != identifier, parents.isEmpty || implied == UTType.plainText, !parents.contains(implied) {
                parents.append(implied)
            }
            return parents.isEmpty ? [UTType.data] : parents
        }

        /// shared-mime-info makes every `text/*` a subclass of `text/plain`;
        /// the other media types map onto Apple's abstract types.
        private static func impliedParent(of mimeType: String) -> String? {
            switch mimeType.split(separator: "/").first {
            case "text": mimeType == "text/plain" ? nil : UTType.plainText
            case "image": UTType.image
            case "audio": UTType.audio
            case "video": UTType.movie
            default: nil
            }
        }

        private static func isPackageMark(_ declaration: TypeDeclaration) -> Bool {
            declaration.isDeclaredPackage && declaration.tags.isEmpty && declaration.description == nil
        }

        private mutating func addTag(_ tag: TypeDeclaration.Tag, source: TypeDeclarationSource, to type: inout UTType) {
            guard !tag.value.isEmpty else { return }
            switch tag.tagClass {
            case .filenameExtension:
                guard !type.filenameExtensions.contains(tag.value) else { return }
                type.filenameExtensions.append(tag.value)
            case .mimeType:
                guard !type.mimeTypes.contains(tag.value) else { return }
                type.mimeTypes.append(tag.value)
            }
            claims.append(TypeRegistry.TagClaim(tagClass: tag.tagClass, value: tag.value, identifier: type.identifier, source: source, weight: tag.weight, order: claims.count))
        }

        private mutating func insert(_ type: UTType) {
            let key = type.identifier.lowercased()
            if merged.updateValue(type, forKey: key) == nil {
                order.append(key)
            }
        }
    }
}
