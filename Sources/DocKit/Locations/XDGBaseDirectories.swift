import Foundation

/// The XDG base directories, with the specification's defaults for unset
/// or empty variables.
public struct XDGBaseDirectories: Sendable, Hashable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    private func value(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private var home: String { value("HOME") ?? NSHomeDirectory() }

    public var dataHome: URL { URL(fileURLWithPath: value("XDG_DATA_HOME") ?? home + "/.local/share", isDirectory: true) }
    public var configHome: URL { URL(fileURLWithPath: value("XDG_CONFIG_HOME") ?? home + "/.config", isDirectory: true) }

    public var dataDirs: [URL] { paths(value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share") }
    public var configDirs: [URL] { paths(value("XDG_CONFIG_DIRS") ?? "/etc/xdg") }

    /// The data home, then the data dirs: most important first.
    public var dataDirectories: [URL] { [dataHome] + dataDirs }

    /// `XDG_CURRENT_DESKTOP`, lower-cased, most important first.
    public var currentDesktops: [String] {
        (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map { $0.lowercased() }
    }

    private func paths(_ list: String) -> [URL] {
        var seen = Set<String>()
        return list.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") && seen.insert($0).inserted }.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }
}
