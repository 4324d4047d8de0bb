import Foundation

/// Where docbrowser's shipped data comes from. The system type
/// declarations and the bundled handler manifests are compiled into DocKit
/// (``builtIn``), so a program built on it needs no folder of its own; a
/// `share/docbrowser` folder may replace them, for trying declarations out
/// without building. The web pages of `docbrowser serve` are installed
/// data, found beside the running program.
public struct Installation: Sendable, Hashable {
    /// The `share/docbrowser` folder whose `types/` and `handlers/` replace
    /// the built-in ones; `nil` for the built-in data.
    public let shareDirectory: URL?

    /// Uses the `types/` and `handlers/` of `shareDirectory` instead of the
    /// built-in ones. Nothing is checked now; a folder without type
    /// declarations is an error when the type registry is opened.
    ///
    /// - Parameter shareDirectory: A `share/docbrowser` folder.
    public init(shareDirectory: URL) {
        self.shareDirectory = shareDirectory
    }

    private init() {
        shareDirectory = nil
    }

    /// The type declarations and handler manifests compiled into DocKit.
    public static let builtIn = Installation()

    /// `types/` of ``shareDirectory``, which replaces the built-in system
    /// types; `nil` for the built-in ones.
    public var systemTypesDirectory: URL? { shareDirectory?.appending(path: "types", directoryHint: .isDirectory) }
    /// `handlers/` of ``shareDirectory``, which replaces the built-in
    /// manifests (the bundled archiver's); `nil` for the built-in ones.
    public var handlersDirectory: URL? { shareDirectory?.appending(path: "handlers", directoryHint: .isDirectory) }

    /// The built-in type declarations, unless ``shareDirectory`` replaces them.
    var builtInTypes: [BundledFile] { shareDirectory == nil ? BundledFile.files(in: "types") : [] }
    /// The built-in handler manifests, unless ``shareDirectory`` replaces them.
    var builtInHandlers: [BundledFile] { shareDirectory == nil ? BundledFile.files(in: "handlers") : [] }

    /// `$DOCBROWSER_SHARE_DIR` when set; otherwise ``builtIn``.
    ///
    /// - Parameter environment: The variables to read.
    /// - Returns: The installation; its folder is not checked.
    public static func locate(environment: [String: String]) -> Installation {
        guard let path = environment["DOCBROWSER_SHARE_DIR"], !path.isEmpty else { return .builtIn }
        return Installation(shareDirectory: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// The pages `docbrowser serve` renders and serves: `web/` of
    /// ``shareDirectory`` when one is set, otherwise of the nearest
    /// `share/docbrowser` above the running executable (`PREFIX/share`
    /// for `PREFIX/bin/docbrowser`, the checkout's for a build in `.build`).
    ///
    /// - Returns: The folder, or `nil` when there is none.
    public func webDirectory() -> URL? {
        if let shareDirectory {
            return shareDirectory.appending(path: "web", directoryHint: .isDirectory)
        }
        var directory = RunningExecutable.url.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appending(path: "share/docbrowser/web", directoryHint: .isDirectory)
            if FileManager.default.fileExists(atPath: candidate.appending(path: "templates").path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
