import Foundation

/// What a handler offers beyond opening documents, declared in its
/// manifest's `DBServices` (see the README, "Write a handler"): a plugin
/// the launcher runs to preview, export or import.
public struct HandlerService: Sendable, Hashable {
    /// The service offered: `export` writes archives, `import` extracts
    /// them, `preview` describes documents, `sync-status` asks a sync
    /// engine what it still needs (``SyncEngines``).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case export, `import`, preview
        case syncStatus = "sync-status"
    }

    /// What the service does.
    public var kind: Kind
    /// For `export`, the archive types it writes; for `import`, those it
    /// reads; for `preview`, the document types it previews (conformance
    /// applies: a service for `public.image` previews PNGs).
    public var types: [String]
    /// The program to run, resolved against the bundle or manifest
    /// directory; nil when the manifest names none that exists here.
    public var executable: URL?
    /// argv elements right after the executable, before the protocol's own.
    public var arguments: [String]
    /// Overrides the launcher's default time limit when set.
    public var timeLimit: Duration?
    /// The handler that declares it.
    public var handlerIdentifier: String

    /// Creates a service as a manifest declares it.
    ///
    /// - Parameters:
    ///   - kind: Export, import or preview.
    ///   - types: The types it serves.
    ///   - executable: The resolved program, or `nil` when none exists here.
    ///   - arguments: Arguments put before the protocol's own.
    ///   - timeLimit: A time limit of its own, or `nil` for the launcher's default.
    ///   - handlerIdentifier: The declaring handler.
    public init(kind: Kind, types: [String], executable: URL?, arguments: [String] = [], timeLimit: Duration? = nil, handlerIdentifier: String) {
        self.kind = kind
        self.types = types
        self.executable = executable
        self.arguments = arguments
        self.timeLimit = timeLimit
        self.handlerIdentifier = handlerIdentifier
    }

    /// True when the service handles `type`, directly or through conformance.
    ///
    /// - Parameters:
    ///   - type: A type identifier.
    ///   - registry: The registry that says what `type` conforms to.
    /// - Returns: `true` when `type` conforms to one of ``types``.
    public func handles(_ type: String, in registry: TypeRegistry) -> Bool {
        types.contains { registry.conforms(type, to: $0) }
    }
}
