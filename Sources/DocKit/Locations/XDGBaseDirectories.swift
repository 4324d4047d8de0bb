import Foundation

/// The XDG base directories, with the specification's defaults for unset
/// or empty variables.
struct XDGBaseDirectories: Sendable, Hashable {
    /// The variables read.
    public var environment: [String: String]

    /// - Parameter environment: The variables to read, such as ``DocumentLibrary/environment``.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// A relative path is ignored, as the specification says.
    private func value(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func absolutePath(_ name: String) -> String? {
        value(name).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    private var home: String { AccountHome.path(environment: environment) }

    /// `$XDG_DATA_HOME`, by default `~/.local/share`.
    public var dataHome: URL { URL(fileURLWithPath: absolutePath("XDG_DATA_HOME") ?? home + "/.local/share", isDirectory: true) }
    /// `$XDG_CONFIG_HOME`, by default `~/.config`.
    public var configHome: URL { URL(fileURLWithPath: absolutePath("XDG_CONFIG_HOME") ?? home + "/.config", isDirectory: true) }

    /// `$XDG_CACHE_HOME`, by default `~/.cache`.
    public var cacheHome: URL { URL(fileURLWithPath: absolutePath("XDG_CACHE_HOME") ?? home + "/.cache", isDirectory: true) }

    /// `$XDG_DATA_DIRS`, by default `/usr/local/share` and `/usr/share`.
    public var dataDirs: [URL] { paths(value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share") }
    /// `$XDG_CONFIG_DIRS`, by default `/etc/xdg`.
    public var configDirs: [URL] { paths(value("XDG_CONFIG_DIRS") ?? "/etc/xdg") }

    /// The data home, then the data dirs: most important first.
    public var dataDirectories: [URL] { [dataHome] + dataDirs }

    /// `XDG_CURRENT_DESKTOP`, lower-cased, most important first.
    /// Each name builds a file name (`gnome-mimeapps.list`): only letters,
    /// digits, `-` and `_` are taken, as GIO takes them.
    public var currentDesktops: [String] {
        (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map { $0.lowercased() }.filter { name in
            name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        }
    }

    private func paths(_ list: String) -> [URL] {
        var seen = Set<String>()
        return list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") && seen.insert($0).inserted }.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }
}
