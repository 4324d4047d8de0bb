import Foundation

/// Finds plugins through the handler manifests' `DBServices`. A
/// registered plugin comes before the bundled archiver, so that a user's
/// manifest can offer a format the archiver does not write, or take over
/// one it does.
public struct HandlerServiceLocator: PluginLocator {
    /// The handlers whose `DBServices` are searched.
    public var handlers: HandlerRegistry
    /// Decides which services handle a type, through conformance.
    public var types: TypeRegistry
    /// The bundled archiver's manifest names no path: its program is found
    /// by ``PluginSearchPath``'s rule.
    public var bundled: BundledArchiverLocator

    /// Creates a locator.
    ///
    /// - Parameters:
    ///   - handlers: The registered handlers.
    ///   - types: The type registry.
    ///   - bundled: Where the bundled archiver is looked for.
    public init(handlers: HandlerRegistry, types: TypeRegistry, bundled: BundledArchiverLocator) {
        self.handlers = handlers
        self.types = types
        self.bundled = bundled
    }

    /// The best service of a kind for a type: a registered plugin before the bundled
    /// archiver, and one with a runnable program before one without.
    ///
    /// - Parameters:
    ///   - kind: Preview, import or export.
    ///   - typeIdentifier: The document or archive type.
    /// - Returns: The service to run.
    /// - Throws: ``DocKitError/Code/noService`` when no handler declares one;
    ///   ``DocKitError/Code/pluginFailed`` (`cannotLaunch`) when the best one has no program here.
    public func service(_ kind: PluginService.Kind, for typeIdentifier: String) throws -> PluginService {
        let declared = declaredServices(kind, for: typeIdentifier)
        guard let first = declared.first(where: { $0.executable != nil || $0.handlerIdentifier == BundledArchiverLocator.identifier }) ?? declared.first else {
            throw DocKitError(PluginServiceError.noService(kind: kind, type: typeIdentifier))
        }
        return try pluginService(first)
    }

    /// Every runnable service of a kind for a type, best first.
    ///
    /// - Parameters:
    ///   - kind: Preview, import or export.
    ///   - typeIdentifier: The document or archive type.
    /// - Returns: The services whose program is here; empty when there is none.
    public func services(_ kind: PluginService.Kind, for typeIdentifier: String) -> [PluginService] {
        declaredServices(kind, for: typeIdentifier).compactMap { try? pluginService($0) }
    }

    /// Every runnable service of a kind, whatever its types, registered
    /// ones first: previews rank them by the document's type themselves.
    ///
    /// - Parameter kind: Preview, import or export.
    /// - Returns: The services whose program is here.
    public func services(_ kind: PluginService.Kind) -> [PluginService] {
        let declared = handlers.handlers.flatMap(\.services).filter { $0.kind == kind }
        return ordered(declared).compactMap { try? pluginService($0) }
    }

    /// Whether a manifest's service of `kind` lists `typeIdentifier` itself.
    ///
    /// - Parameters:
    ///   - kind: Preview, import or export.
    ///   - typeIdentifier: The type, compared case-insensitively.
    /// - Returns: `true` when some handler's service of `kind` names the type, runnable here or not.
    public func declares(_ kind: PluginService.Kind, exactly typeIdentifier: String) -> Bool {
        handlers.handlers.contains { handler in
            handler.services.contains { $0.kind == kind && $0.types.contains { $0.caseInsensitiveCompare(typeIdentifier) == .orderedSame } }
        }
    }

    private func declaredServices(_ kind: PluginService.Kind, for typeIdentifier: String) -> [HandlerService] {
        ordered(handlers.services(kind, for: typeIdentifier, in: types))
    }

    private func ordered(_ declared: [HandlerService]) -> [HandlerService] {
        declared.filter { $0.handlerIdentifier != BundledArchiverLocator.identifier }
            + declared.filter { $0.handlerIdentifier == BundledArchiverLocator.identifier }
    }

    private func pluginService(_ service: HandlerService) throws -> PluginService {
        guard let executable = service.executable else {
            guard service.handlerIdentifier == BundledArchiverLocator.identifier else {
                throw DocKitError(PluginError(plugin: service.handlerIdentifier, reason: .cannotLaunch(reason: "its manifest names no executable that exists here")))
            }
            var located = try bundled.service(service.kind, for: service.types[0])
            located.leadingArguments = service.arguments
            located.timeLimit = service.timeLimit
            located.types = service.types
            return located
        }
        return PluginService(identifier: service.handlerIdentifier, executable: executable,
                             leadingArguments: service.arguments, timeLimit: service.timeLimit, types: service.types)
    }
}

/// No handler declares the service a command needs.
enum PluginServiceError: DocKitFailure, Hashable {
    /// No handler declares a service of `kind` for `type` or a type it conforms to.
    case noService(kind: PluginService.Kind, type: String)

    var code: DocKitError.Code { .noService }

    var document: String? {
        switch self {
        case .noService(_, let type): type
        }
    }

    /// `no handler offers KIND for TYPE`.
    var description: String {
        switch self {
        case .noService(let kind, let type):
            "no handler offers \(kind.rawValue) for \(type)"
        }
    }
}
