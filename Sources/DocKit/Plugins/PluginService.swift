import Foundation

/// What a handler manifest's `DBServices` entry resolves to: a program,
/// the arguments its manifest puts first, and its time limit.
public struct PluginService: Sendable, Hashable {
    public typealias Kind = HandlerService.Kind

    /// The handler's bundle identifier, for messages.
    public var identifier: String
    public var executable: URL
    public var leadingArguments: [String]
    public var timeLimit: Duration?
    /// The types the manifest declares the service for; a previewer is
    /// ranked by them.
    public var types: [String]

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
    func service(_ kind: PluginService.Kind, for typeIdentifier: String) throws -> PluginService
}

/// The archiver built and installed beside the `docbrowser` executable.
public struct BundledArchiverLocator: PluginLocator {
    public static let identifier = "org.docbrowser.archiver"
    public static let executableName = "docbrowser-archiver"
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The directory of the running executable.
    public init() {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        directory = executable.deletingLastPathComponent()
    }

    public func service(_ kind: PluginService.Kind, for typeIdentifier: String) throws -> PluginService {
        let executable = directory.appending(path: Self.executableName)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw PluginError(plugin: Self.identifier, reason: .cannotLaunch(reason: "\(executable.path) is missing or not executable"))
        }
        return PluginService(identifier: Self.identifier, executable: executable)
    }
}
