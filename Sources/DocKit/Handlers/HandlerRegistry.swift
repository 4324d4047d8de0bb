import Foundation

/// Every handler the manifest locations describe, and the choice of one
/// for a type, as LaunchServices binds documents to apps.
public struct HandlerRegistry: Sendable {
    /// By identifier; a later location (the home) replaces an earlier one.
    public let handlers: [HandlerManifest]
    /// Files that could not be read; they are skipped.
    public let problems: [DocKitError]
    /// The desktop's defaults, consulted after docbrowser's own.
    let mimeApps: MimeAppsList
    /// How installed desktop apps' MIME types are matched, as GIO does.
    let mimeHierarchy: MIMETypeHierarchy

    /// Creates a registry from manifests already read; of two with one identifier
    /// (compared case-insensitively), the later wins.
    ///
    /// - Parameters:
    ///   - handlers: The manifests, in location order.
    ///   - problems: Files that could not be read.
    ///   - mimeApps: The desktop's defaults.
    ///   - mimeHierarchy: How desktop apps' MIME types match subtypes and aliases.
    init(handlers: [HandlerManifest], problems: [DocKitError] = [], mimeApps: MimeAppsList = MimeAppsList(), mimeHierarchy: MIMETypeHierarchy = MIMETypeHierarchy()) {
        self.mimeApps = mimeApps
        self.mimeHierarchy = mimeHierarchy
        var byIdentifier: [String: HandlerManifest] = [:]
        var order: [String] = []
        for handler in handlers {
            let key = handler.identifier.lowercased()
            if byIdentifier[key] == nil { order.append(key) }
            byIdentifier[key] = handler
        }
        self.handlers = order.compactMap { byIdentifier[$0] }.sorted { $0.identifier < $1.identifier }
        self.problems = problems
    }

    /// The handlers of `locations`, after the apps the desktop installed
    /// (which a registration of the same identifier replaces); `mimeApps`
    /// adds and removes those apps' associations when choosing.
    static func load(
        _ locations: HandlerManifestLocations,
        applications: DesktopApplications = DesktopApplications(directories: []),
        mimeApps: MimeAppsList = MimeAppsList(),
        mimeHierarchy: MIMETypeHierarchy = MIMETypeHierarchy(),
        environment: [String: String],
        selection: DesktopApplications.Selection = .all
    ) -> HandlerRegistry {
        var handlers = applications.applications(environment: environment, selection: selection).map(\.manifest)
        var problems: [DocKitError] = []
        for file in locations.builtIn {
            do {
                handlers.append(try HandlerManifest.load(file))
            } catch {
                problems.append(error)
            }
        }
        for file in locations.handlerFiles() {
            do {
                handlers.append(try HandlerManifest.load(from: file, environment: environment))
            } catch {
                problems.append(error)
            }
        }
        return HandlerRegistry(handlers: handlers, problems: problems, mimeApps: mimeApps, mimeHierarchy: mimeHierarchy)
    }

    /// Looks up a handler by identifier, compared case-insensitively.
    ///
    /// - Parameter identifier: A bundle or desktop file identifier.
    /// - Returns: The handler, or `nil` when none has it.
    public func handler(withIdentifier identifier: String) -> HandlerManifest? {
        handlers.first { $0.identifier.caseInsensitiveCompare(identifier) == .orderedSame }
    }

    /// Every declared service of a kind that handles `type`, in handler order.
    ///
    /// - Parameters:
    ///   - kind: The kind of service.
    ///   - type: The document's type identifier.
    ///   - registry: The registry that says what `type` conforms to.
    /// - Returns: The services, empty when none handles the type.
    public func services(_ kind: HandlerService.Kind, for type: String, in registry: TypeRegistry) -> [HandlerService] {
        handlers.flatMap(\.services).filter { $0.kind == kind && $0.handles(type, in: registry) }
    }

    /// Whether some handler names `identifier` in its document types, so
    /// that it is a type to ask about even when nobody declares it.
    ///
    /// - Parameter identifier: A type identifier, compared case-insensitively.
    /// - Returns: `true` when a handler's document type lists it.
    public func claims(_ identifier: String) -> Bool {
        handlers.contains { handler in
            handler.documentTypes.contains { $0.contentTypes.contains { $0.caseInsensitiveCompare(identifier) == .orderedSame } }
        }
    }

    /// Handlers able to open something: those `open --with` accepts.
    public var launchableHandlers: [HandlerManifest] { handlers.filter(\.canOpen) }

    /// Every handler that claims `type` or a type it conforms to, best
    /// first: the user's default, then the most specific claimed type in
    /// the conformance chain, then rank Owner > Default > Alternate, then
    /// role Editor > Viewer > Shell. Claims that can never open (rank None,
    /// role None, no executable) come last, marked `opens == false`.
    ///
    /// - Parameters:
    ///   - type: The document's type identifier.
    ///   - registry: The registry that gives the conformance chain.
    ///   - defaults: The user's defaults, which rank first.
    /// - Returns: The claims, best first; empty when no handler claims the type.
    public func candidates(forType type: String, registry: TypeRegistry, defaults: HandlerDefaults = HandlerDefaults()) -> [HandlerCandidate] {
        let chain = registry.conformanceChain(of: type)
        var distances: [String: Int] = [:]
        for (index, identifier) in chain.enumerated() where distances[identifier.lowercased()] == nil {
            distances[identifier.lowercased()] = index
        }
        // Installed desktop apps are matched as GIO matches a file: by its
        // one content type and that type's sub-class-of ancestors. The
        // type's other MIME types are aliases (resolved the same) or types
        // merged into it by extension (image/jpx into JPEG 2000), whose
        // apps GIO never offers for a file of this type.
        let lineage = Self.mimeLineage(of: type, registry: registry, hierarchy: mimeHierarchy)
        let installed = installedCandidates(forType: type, lineage: lineage, registry: registry)
        var candidates: [HandlerCandidate] = []
        for handler in handlers {
            var best = installed[handler.identifier.lowercased()]
            for documentType in handler.documentTypes where handler.installedDirectoryIndex == nil {
                for claimed in documentType.claimedTypes(in: registry) {
                    guard let distance = distances[claimed.lowercased()] else { continue }
                    let candidate = HandlerCandidate(
                        handler: handler, documentType: type, claimedType: chain[distance], distance: distance,
                        rank: documentType.rank, role: documentType.role, rankIsDeclared: documentType.rankIsDeclared
                    )
                    if best.map({ candidate.ranks(before: $0) }) ?? true { best = candidate }
                }
            }
            if let best { candidates.append(best) }
        }
        // The user's default for the most specific type that has one; then
        // the desktop's (mimeapps.list), as GIO chooses.
        for (distance, identifier) in chain.enumerated() {
            guard let chosen = defaults.handler(for: identifier), let handler = handler(withIdentifier: chosen),
                  Self.refusal(of: handler, claim: candidates.first { $0.handler.identifier == handler.identifier }, type: type) == nil
            else { continue }
            var preferred = Self.promoted(handler, in: &candidates, type: type, claimedType: identifier, distance: distance)
            preferred.defaultFor = identifier
            candidates.insert(preferred, at: 0)
            return candidates.sorted { $0.ranks(before: $1) }
        }
        // GIO goes one MIME type at a time, nearest first: that type's
        // default, then the apps claiming it, then on to its parent.
        let nearestInstalledClaim = candidates.filter { $0.handler.installedDirectoryIndex != nil && $0.opens }.map(\.distance).min() ?? Int.max
        for (distance, mimeType) in lineage.enumerated() where distance <= nearestInstalledClaim {
            guard let handler = mimeApps.defaults(for: mimeType).lazy.compactMap(handler(withIdentifier:)).first(where: \.canOpen) else { continue }
            let claimed = registry.preferredType(withTag: mimeType, tagClass: .mimeType).identifier
            var preferred = Self.promoted(handler, in: &candidates, type: type, claimedType: claimed, distance: distance)
            preferred.desktopDefaultFor = mimeType
            candidates.insert(preferred, at: 0)
            return candidates.sorted { $0.ranks(before: $1) }
        }
        return candidates.sorted { $0.ranks(before: $1) }
    }

    /// Each installed app's claim on `type`, by lower-cased identifier: at
    /// the nearest type of `lineage` it is associated with, placed among
    /// that type's apps as ``MimeAppsList/associations(of:listed:directoryIndex:)``
    /// orders them. An app's own entry gives the claim's rank and role; an
    /// association `mimeapps.list` added is a Default Viewer's.
    private func installedCandidates(forType type: String, lineage: [String], registry: TypeRegistry) -> [String: HandlerCandidate] {
        let wanted = Set(lineage)
        var installed: [String: HandlerManifest] = [:]
        // Per data directory and MIME type, each app with the key it lists
        // the type by: update-desktop-database sorts its cache by key, an
        // alias (application/x-pdf) apart from its type, then by ID.
        var listed: [Int: [String: [(key: String, identifier: String)]]] = [:]
        for handler in handlers {
            guard let index = handler.installedDirectoryIndex else { continue }
            installed[handler.identifier.lowercased()] = handler
            var keys: [String: String] = [:]
            for key in handler.documentTypes.flatMap(\.mimeTypes).map(TypeTagClass.mimeType.normalized) {
                let mimeType = mimeHierarchy.canonicalName(key)
                guard wanted.contains(mimeType) else { continue }
                keys[mimeType] = min(keys[mimeType] ?? key, key)
            }
            for (mimeType, key) in keys { listed[index, default: [:]][mimeType, default: []].append((key, handler.identifier)) }
        }
        let associations = mimeApps.associations(
            of: lineage,
            listed: { index, mimeType in
                (listed[index]?[mimeType] ?? []).sorted { ($0.key, $0.identifier) < ($1.key, $1.identifier) }.map(\.identifier)
            },
            directoryIndex: { installed[$0.lowercased()]?.installedDirectoryIndex }
        )
        var result: [String: HandlerCandidate] = [:]
        for (distance, identifiers) in associations.enumerated() {
            let mimeType = lineage[distance]
            for (position, identifier) in identifiers.enumerated() {
                guard let handler = installed[identifier.lowercased()], result[identifier.lowercased()] == nil else { continue }
                let own = handler.documentTypes.first { $0.mimeTypes.contains { mimeHierarchy.canonicalName($0) == mimeType } }
                var candidate = HandlerCandidate(
                    handler: handler, documentType: type, claimedType: registry.preferredType(withTag: mimeType, tagClass: .mimeType).identifier, distance: distance,
                    rank: own?.rank ?? .default, role: own?.role ?? .viewer, rankIsDeclared: own?.rankIsDeclared ?? false
                )
                candidate.associationIndex = position
                result[identifier.lowercased()] = candidate
            }
        }
        return result
    }

    /// The MIME types an installed app's claims on `type` are matched
    /// against, nearest first: the type's content type and that type's
    /// sub-class-of ancestors, as GIO matches a file's.
    static func mimeLineage(of type: String, registry: TypeRegistry, hierarchy: MIMETypeHierarchy) -> [String] {
        let contentType = hierarchy.contentType(of: registry.type(withIdentifier: type)?.mimeTypes ?? [])
        return hierarchy.lineage(of: contentType.map { [$0] } ?? [])
    }

    /// Refuses `handler` as the one to open `type` with, even when the user
    /// asks for it by default or by `--with`, when its best claim on the
    /// type never opens (rank None, role None, a plug-in's role), or when
    /// it claims nothing of the type and is a plug-in whose every claim is
    /// such. An app that opens other types may be chosen, as Finder's
    /// "Open With" allows.
    ///
    /// - Parameters:
    ///   - handler: The handler asked for.
    ///   - type: The document's type identifier.
    ///   - registry: The registry that gives the conformance chain.
    /// - Throws: ``DocKitError/Code/refused`` with the reason,
    ///   also when the handler has no executable here.
    public func checkOpens(_ handler: HandlerManifest, type: String, registry: TypeRegistry) throws(DocKitError) {
        let claim = candidates(forType: type, registry: registry).first { $0.handler.identifier == handler.identifier }
        if let reason = Self.refusal(of: handler, claim: claim, type: type) {
            throw DocKitError(HandlerError.cannotOpen(handler: handler.identifier, reason: reason))
        }
    }

    /// Why `handler`, whose best claim on `type` is `claim`, may not open
    /// it; nil when it may.
    private static func refusal(of handler: HandlerManifest, claim: HandlerCandidate?, type: String) -> String? {
        guard handler.canOpen else { return "it has no executable here (types only)" }
        if let claim {
            guard !claim.opens else { return nil }
            return claim.rank == .none
                ? "it claims \(claim.claimedType) at rank None, which never opens \(type)"
                : "it claims \(claim.claimedType) as \(claim.role), a role that never opens documents"
        }
        guard !handler.documentTypes.isEmpty, !handler.documentTypes.contains(where: \.opensDocuments) else { return nil }
        let roles = Set(handler.documentTypes.map { $0.rank == .none ? "rank None" : "role \($0.role)" }).sorted()
        return "its only claims are with \(roles.joined(separator: ", ")), which never open documents"
    }

    /// The handler's own claim taken out of `candidates`, or, when it makes
    /// none, one at the type a default named.
    private static func promoted(_ handler: HandlerManifest, in candidates: inout [HandlerCandidate], type: String, claimedType: String, distance: Int) -> HandlerCandidate {
        let claim = candidates.first { $0.handler.identifier == handler.identifier }
        candidates.removeAll { $0.handler.identifier == handler.identifier }
        return claim ?? HandlerCandidate(
            handler: handler, documentType: type, claimedType: claimedType, distance: distance,
            rank: .default, role: .viewer, rankIsDeclared: false
        )
    }

    /// The handler that opens `type`, or `noHandler` listing what `--with`
    /// accepts.
    ///
    /// - Parameters:
    ///   - type: The document's type identifier.
    ///   - document: The document's name, for the error.
    ///   - registry: The registry that gives the conformance chain.
    ///   - defaults: The user's defaults, which rank first.
    /// - Returns: The best claim.
    /// - Throws: ``DocKitError/Code/noHandler`` when no
    ///   claim can open the type.
    public func preferredHandler(forType type: String, document: String, registry: TypeRegistry, defaults: HandlerDefaults = HandlerDefaults()) throws(DocKitError) -> HandlerCandidate {
        guard let best = candidates(forType: type, registry: registry, defaults: defaults).first, best.opens else {
            throw DocKitError(HandlerError.noHandler(document: document, type: type, candidates: launchableHandlers.map(\.identifier)))
        }
        return best
    }
}

/// One handler's claim on a document type, and why it ranks where it does.
public struct HandlerCandidate: Sendable, Hashable {
    /// The handler making the claim.
    public var handler: HandlerManifest
    /// The type asked about.
    public var documentType: String
    /// The type in its conformance chain that the handler claims.
    public var claimedType: String
    /// Steps up the conformance chain from the document type (0: itself).
    public var distance: Int
    /// The rank of the document-type entry that makes the claim.
    public var rank: HandlerRank
    /// The role of the document-type entry that makes the claim.
    public var role: HandlerRole
    /// `false` when the entry gave no `LSHandlerRank` and ``rank`` is the default.
    public var rankIsDeclared: Bool
    /// Set when this is the user's default, for that type.
    public var defaultFor: String?
    /// Set when a `mimeapps.list` makes this the desktop's default, for
    /// that MIME type.
    public var desktopDefaultFor: String?
    /// For an installed app, its place among the apps associated with
    /// the claimed MIME type, most preferred first: the order the
    /// `mimeapps.list` files and the app folders give.
    var associationIndex = 0

    /// `true` when the user chose this handler as the default for ``defaultFor``.
    public var isUserDefault: Bool { defaultFor != nil }

    /// Whether it would be launched: rank None, role None and plug-ins'
    /// roles never open, not even as the user's default, nor a handler with
    /// no program.
    public var opens: Bool {
        handler.canOpen && rank != .none && role.opensDocuments
    }

    func ranks(before other: HandlerCandidate) -> Bool {
        if isUserDefault != other.isUserDefault { return isUserDefault }
        if opens != other.opens { return opens }
        if (desktopDefaultFor != nil) != (other.desktopDefaultFor != nil) { return desktopDefaultFor != nil }
        if distance != other.distance { return distance < other.distance }
        if rank != other.rank { return rank < other.rank }
        if role != other.role { return role < other.role }
        // A handler registered with docbrowser before one the desktop
        // installed; installed ones as GIO orders them (associationIndex).
        let installed = handler.installedDirectoryIndex != nil, otherInstalled = other.handler.installedDirectoryIndex != nil
        if installed != otherInstalled { return otherInstalled }
        if associationIndex != other.associationIndex { return associationIndex < other.associationIndex }
        return handler.identifier < other.handler.identifier
    }

    /// One line for `handlers DOC`.
    public var why: String {
        var reasons: [String] = []
        if let defaultFor { reasons.append("your default for \(defaultFor)") }
        if let desktopDefaultFor { reasons.append("the desktop's default for \(desktopDefaultFor) (mimeapps.list)") }
        let claim = distance == 0
            ? "claims \(claimedType) itself"
            : "claims \(claimedType), \(distance) \(distance == 1 ? "step" : "steps") up the conformance chain of \(documentType)"
        reasons.append("\(claim) as \(rank)\(rankIsDeclared ? "" : " (no LSHandlerRank)")")
        if !handler.canOpen {
            reasons.append("cannot open: \(handler.declaredExecutable.map { "no executable '\($0)' here" } ?? "no executable"), types only")
        } else if rank == .none {
            reasons.append("never opens: rank None")
        } else if !role.opensDocuments {
            reasons.append("never opens: role \(role)")
        }
        return reasons.joined(separator: "; ")
    }
}
