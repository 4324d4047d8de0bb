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
    /// The prefix of identifiers made for MIME types no UTI declares.
    public static let freedesktopPrefix = "org.freedesktop.mime."

    /// Merges every source's declarations into one registry, by the rules above.
    ///
    /// - Parameters:
    ///   - declarations: UTI declarations from Info.plist-style sources, in reading order.
    ///   - sharedMimeInfo: shared-mime-info types, in reading order.
    /// - Returns: The registry.
    public static func merge(_ declarations: [TypeDeclaration], sharedMimeInfo: [SharedMimeInfoDeclarations.MIMEType] = []) -> TypeRegistry {
        var builder = Builder()
        builder.addUTIDeclarations(declarations)
        builder.addSharedMimeInfo(sharedMimeInfo)
        return TypeRegistry(types: builder.types(), claims: builder.claims)
    }

    /// A stable identifier for a MIME type no UTI declares:
    /// `application/x-foo+xml` becomes `org.freedesktop.mime.application.x-foo-xml`.
    ///
    /// - Parameter mimeType: The MIME type, in any case.
    /// - Returns: The identifier; distinct MIME types may share one, since
    ///   characters other than letters, digits, `-` and `.` all become `-`.
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
            let byExtension = ExtensionEvidence(declaredOwners: extensionOwners(), mimeTypes: fileTypes)
            for mimeType in fileTypes {
                let owner = ([mimeType.name] + mimeType.aliases).lazy.compactMap { owners[$0] }.first
                    ?? ownerByExtensions(mimeType, evidence: byExtension)
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

        /// The UTI that each extension names, among the declared types only.
        private func extensionOwners() -> [String: String] {
            var owners: [String: String] = [:]
            let ranked = claims.filter { $0.tagClass == .filenameExtension && !$0.identifier.hasPrefix(DynamicTypeIdentifier.prefix) }.sorted(by: TypeRegistry.TagClaim.ranks)
            for claim in ranked where owners[claim.value] == nil {
                owners[claim.value] = claim.identifier
            }
            return owners
        }

        /// What extensions say about MIME types: which declared UTI each
        /// names, which MIME types claim each most heavily, and which MIME
        /// types are text (`text/*`, or a subclass of `text/plain`).
        struct ExtensionEvidence {
            var declaredOwners: [String: String]
            var heaviestClaimants: [String: [String]] = [:]
            var textTypes = Set<String>()

            init(declaredOwners: [String: String], mimeTypes: [SharedMimeInfoDeclarations.MIMEType]) {
                self.declaredOwners = declaredOwners
                var weights: [String: Int] = [:]
                for mimeType in mimeTypes {
                    for tag in mimeType.extensions where tag.tagClass == .filenameExtension {
                        let heaviest = weights[tag.value] ?? Int.min
                        if tag.weight > heaviest {
                            weights[tag.value] = tag.weight
                            heaviestClaimants[tag.value] = [mimeType.name]
                        } else if tag.weight == heaviest, heaviestClaimants[tag.value]?.contains(mimeType.name) == false {
                            heaviestClaimants[tag.value, default: []].append(mimeType.name)
                        }
                    }
                }
                let parents = Dictionary(mimeTypes.map { ($0.name, $0.subClassOf) }, uniquingKeysWith: { first, _ in first })
                for mimeType in mimeTypes {
                    var pending = [mimeType.name]
                    var seen = Set<String>()
                    while let next = pending.popLast() {
                        guard seen.insert(next).inserted else { continue }
                        if next.hasPrefix("text/") { textTypes.insert(mimeType.name); break }
                        pending += parents[next] ?? []
                    }
                }
            }
        }

        /// A MIME type no UTI tags is still the UTI that its globs name,
        /// when nothing else could be meant: of the extensions it alone
        /// claims most heavily in shared-mime-info, those a UTI declares
        /// all name that one UTI (at least one does), and that UTI is of its
        /// kind (text for text, an image for an image, and so on). So `text/x-csrc` (`*.c`) is
        /// `public.c-source` and `application/x-shellscript` (`*.sh`, a
        /// subclass of text) is `public.shell-script`, and a desktop app
        /// claiming them is offered for `.c` and `.sh` files; but
        /// `text/x-matlab` shares `*.m` with Objective-C and stays itself.
        private func ownerByExtensions(_ mimeType: SharedMimeInfoDeclarations.MIMEType, evidence: ExtensionEvidence) -> String? {
            let extensions = mimeType.extensions.filter { $0.tagClass == .filenameExtension && evidence.heaviestClaimants[$0.value] == [mimeType.name] }
            let named = Set(extensions.compactMap { evidence.declaredOwners[$0.value]?.lowercased() })
            guard named.count == 1, let identifier = named.first, let type = merged[identifier] else { return nil }
            let isText = evidence.textTypes.contains(mimeType.name)
            if isText { return conforms(type.identifier, to: UTType.text) ? type.identifier : nil }
            return isOfMediaType(type.identifier, mimeType.name) ? type.identifier : nil
        }

        private func isOfMediaType(_ identifier: String, _ mimeType: String) -> Bool {
            switch mimeType.split(separator: "/").first {
            case "text": return conforms(identifier, to: UTType.text)
            case "image": return conforms(identifier, to: UTType.image)
            case "audio": return conforms(identifier, to: UTType.audio)
            case "video": return conforms(identifier, to: UTType.movie) || conforms(identifier, to: "public.audiovisual-content")
            default: return false
            }
        }

        private func conforms(_ identifier: String, to supertype: String) -> Bool {
            var pending = [identifier.lowercased()]
            var seen = Set<String>()
            while let next = pending.popLast() {
                if next == supertype.lowercased() { return true }
                guard seen.insert(next).inserted, let type = merged[next] else { continue }
                pending += type.conformsTo.map { $0.lowercased() }
            }
            return false
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
