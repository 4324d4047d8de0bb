import Foundation

/// The root under which docbrowser keeps everything it owns. Two homes
/// never share state, which is what lets tests run in a fresh temporary one.
public struct Home: Sendable, Hashable {
    /// The home folder, standardized; it may not exist yet.
    public let url: URL

    /// Uses `url` as the home; nothing is created.
    ///
    /// - Parameter url: The home folder.
    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    /// `--home`, else `$DOCBROWSER_HOME`, else `$XDG_DATA_HOME/docbrowser`,
    /// else `~/.local/share/docbrowser`. Empty variables count as unset,
    /// as the XDG Base Directory specification asks.
    ///
    /// - Parameters:
    ///   - explicit: The `--home` option's value, if given.
    ///   - environment: The variables to read, such as ``DocumentLibrary/environment``.
    /// - Returns: The home; relative paths are taken from the current
    ///   directory, and nothing is created.
    public static func resolve(explicit: String?, environment: [String: String]) -> Home {
        func nonEmpty(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let home = AccountHome.path(environment: environment)
        func absoluteURL(_ path: String) -> URL {
            URL(fileURLWithPath: AccountHome.expandingTilde(path, home: home), isDirectory: true)
        }
        if let explicit, !explicit.isEmpty { return Home(url: absoluteURL(explicit)) }
        if let path = nonEmpty("DOCBROWSER_HOME") { return Home(url: absoluteURL(path)) }
        let dataHome = nonEmpty("XDG_DATA_HOME").map(absoluteURL)
            ?? absoluteURL(home).appending(path: ".local/share", directoryHint: .isDirectory)
        return Home(url: dataHome.appending(path: "docbrowser", directoryHint: .isDirectory))
    }

    /// Handler manifests the user registered.
    public var handlersDirectory: URL { url.appending(path: "Handlers", directoryHint: .isDirectory) }

    /// Private state: databases and their lock files.
    public var libraryDirectory: URL { url.appending(path: "Library", directoryHint: .isDirectory) }
    /// `Library/types.sqlite`, the persisted type registry (``TypeRegistryStore``).
    public var typeRegistryDatabase: URL { libraryDirectory.appending(path: "types.sqlite") }
    /// `Library/Catalog`, a SQLite file per location of what the last
    /// scans found (the catalog, a cache of the disk).
    public var catalogDirectory: URL { libraryDirectory.appending(path: "Catalog", directoryHint: .isDirectory) }

    /// Where a handler started without waiting writes its output and
    /// errors, since no terminal is left to show them.
    ///
    /// - Parameter identifier: The handler's identifier.
    /// - Returns: `Library/Logs/IDENTIFIER.log`; it may not exist yet.
    public func handlerLog(for identifier: String) -> URL {
        libraryDirectory.appending(path: "Logs/\(identifier).log")
    }
}
