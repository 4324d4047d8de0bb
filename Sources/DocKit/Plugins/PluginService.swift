import Foundation

/// What a handler manifest's `DBServices` entry resolves to: a program,
/// the arguments its manifest puts first, and its time limit.
public struct PluginService: Sendable, Hashable {
    /// The service a plugin offers: preview, import or export.
    public typealias Kind = HandlerService.Kind

    /// The handler's bundle identifier, for messages.
    public var identifier: String
    /// The program to run.
    public var executable: URL
    /// Arguments the manifest puts before every call's own.
    public var leadingArguments: [String]
    /// The manifest's time limit for a call; `nil` leaves it to the caller or `PluginProcess.defaultTimeLimit`.
    public var timeLimit: Duration?
    /// The types the manifest declares the service for; a previewer is
    /// ranked by them.
    public var types: [String]

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - identifier: The handler's bundle identifier, for messages.
    ///   - executable: The program to run.
    ///   - leadingArguments: Arguments put before every call's own.
    ///   - timeLimit: The manifest's time limit, or `nil`.
    ///   - types: The types the service is declared for.
    public init(identifier: String, executable: URL, leadingArguments: [String] = [], timeLimit: Duration? = nil, types: [String] = []) {
        self.identifier = identifier
        self.executable = executable
        self.leadingArguments = leadingArguments
        self.timeLimit = timeLimit
        self.types = types
    }
}

/// Finds the plugin that offers a service for a type:
/// ``HandlerServiceLocator`` from the manifests' `DBServices`, or
/// ``BundledArchiverLocator`` where only the bundled archiver counts.
public protocol PluginLocator: Sendable {
    /// The plugin to run for a service on a type.
    ///
    /// - Parameters:
    ///   - kind: Preview, import or export.
    ///   - typeIdentifier: The document or archive type.
    /// - Returns: The service to run.
    /// - Throws: ``DocKitError/Code/noService`` when none offers it;
    ///   ``DocKitError/Code/pluginFailed`` when the one found cannot be run here.
    func service(_ kind: PluginService.Kind, for typeIdentifier: String) throws -> PluginService

    /// Whether a plugin's service of `kind` names `typeIdentifier` itself,
    /// not only a type it conforms to: import takes apart only the archive
    /// types a plugin declares, never a document built on one (a comic book
    /// is a zip, but not one to take apart).
    ///
    /// - Parameters:
    ///   - kind: Preview, import or export.
    ///   - typeIdentifier: The type, compared case-insensitively.
    /// - Returns: `true` when a service of `kind` lists the type, whether or not its program is here.
    func declares(_ kind: PluginService.Kind, exactly typeIdentifier: String) -> Bool
}

/// The archiver built with docbrowser, found by ``PluginSearchPath``'s rule.
public struct BundledArchiverLocator: PluginLocator {
    /// The identifier the bundled archiver is named by in messages.
    public static let identifier = "org.docbrowser.archiver"
    /// The archiver's file name, looked up in ``searchPath``.
    public static let executableName = "docbrowser-archiver"
    /// The folders the archiver is looked for in.
    public var searchPath: PluginSearchPath

    /// Looks for the archiver in `searchPath`.
    ///
    /// - Parameter searchPath: The folders to look in.
    public init(searchPath: PluginSearchPath) {
        self.searchPath = searchPath
    }

    /// Looks for the archiver in `directory` only.
    ///
    /// - Parameter directory: The folder the archiver is installed in.
    public init(directory: URL) {
        searchPath = PluginSearchPath(places: [PluginSearchPath.Place(directory, origin: .explicit)])
    }

    /// The bundled archiver, whatever the service kind and type; it answers for every format it knows.
    ///
    /// - Parameters:
    ///   - kind: The service wanted; not used.
    ///   - typeIdentifier: The archive type; not used.
    /// - Returns: The archiver as a service.
    /// - Throws: ``DocKitError/Code/pluginFailed`` (`cannotLaunch`) naming every folder looked
    ///   in, when none holds an executable archiver.
    public func service(_ kind: PluginService.Kind, for typeIdentifier: String) throws -> PluginService {
        PluginService(identifier: Self.identifier, executable: try searchPath.locate(Self.executableName, plugin: Self.identifier))
    }

    /// The formats the archiver writes (``ArchiveFormat/bundled``), which
    /// it reads too. It reads more, but the list of those is its manifest,
    /// which only ``HandlerServiceLocator`` reads.
    ///
    /// - Parameters:
    ///   - kind: The service; every kind is answered alike.
    ///   - typeIdentifier: The type, compared case-insensitively.
    /// - Returns: `true` for a bundled format's type.
    public func declares(_ kind: PluginService.Kind, exactly typeIdentifier: String) -> Bool {
        ArchiveFormat.bundled.contains { $0.typeIdentifier.caseInsensitiveCompare(typeIdentifier) == .orderedSame }
    }
}
