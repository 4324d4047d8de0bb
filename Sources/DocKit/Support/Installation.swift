import Foundation

/// Where docbrowser's shipped data lives: `share/docbrowser` beside the
/// `bin` of an installation, or at the root of a source checkout, whose
/// build products sit a few levels below it in `.build`.
public struct Installation: Sendable, Hashable {
    /// The `share/docbrowser` folder.
    public let shareDirectory: URL

    /// Uses `shareDirectory` as the installation's data; nothing is checked.
    ///
    /// - Parameter shareDirectory: A `share/docbrowser` folder.
    public init(shareDirectory: URL) {
        self.shareDirectory = shareDirectory
    }

    /// `types/`: docbrowser's own type declarations, the registry's `system` source.
    public var systemTypesDirectory: URL { shareDirectory.appending(path: "types", directoryHint: .isDirectory) }
    /// `handlers/`: the manifests shipped with docbrowser (the bundled archiver's), read before the home's.
    public var handlersDirectory: URL { shareDirectory.appending(path: "handlers", directoryHint: .isDirectory) }

    /// `$DOCBROWSER_SHARE_DIR` when set; otherwise the nearest
    /// `share/docbrowser` above the running executable; otherwise the one
    /// of the source tree DocKit was built from.
    ///
    /// - Parameter environment: The variables to read, by default the process's.
    /// - Returns: The installation; its folders are not checked.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Installation {
        if let path = environment["DOCBROWSER_SHARE_DIR"], !path.isEmpty {
            return Installation(shareDirectory: URL(fileURLWithPath: path, isDirectory: true))
        }
        if let executable = runningExecutable(), let found = shareDirectory(above: executable) {
            return Installation(shareDirectory: found)
        }
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return Installation(shareDirectory: shareDirectory(above: sourceRoot) ?? sourceRoot.appending(path: "share/docbrowser"))
    }

    private static func runningExecutable() -> URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
        }
        return URL(fileURLWithPath: path)
    }

    private static func shareDirectory(above start: URL) -> URL? {
        var directory = start.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appending(path: "share/docbrowser", directoryHint: .isDirectory)
            if FileManager.default.fileExists(atPath: candidate.appending(path: "types").path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
