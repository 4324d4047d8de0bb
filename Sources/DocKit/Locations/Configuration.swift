import Foundation

/// The settings kept in `HOME/config.json`, a JSON object of string keys
/// and string values. Every key is optional:
///
/// | key | value | default |
/// |---|---|---|
/// | `local.documents` | the local Documents folder | `HOME/Documents` |
/// | `cloud.container` | the cloud container; its documents are in its `Documents/` | `HOME/Cloud` |
/// | `storage.preferred` | where new and imported documents go: `local` or `cloud` | `local` |
/// | `cloud.quiet-seconds` | how long a cloud document must stay untouched before it counts as complete (``QuietPeriod``); `0` switches it off | `3` |
/// | `cloud.engine-address` | the sync engine's REST API on loopback, `HOST:PORT`, instead of the one its own configuration names (``SyncEngines``) | the engine's own |
/// | `cloud.engine-api-key-file` | a file holding that API's key, with `cloud.engine-address` | the engine's own |
/// | `plugins.stall-seconds` | seconds a plugin may go without an event before it is stopped | `20` |
/// | `plugins.cpu-seconds` | seconds of processor time each plugin process may use | the call's time limit |
/// | `thumbnails.seconds` | seconds a thumbnailer may run before it is stopped | `30` |
///
/// Relative paths are taken relative to the home.
public struct Configuration: Sendable, Hashable {
    /// The settings `config.json` may hold; the raw value is the key as written in the file.
    public enum Key: String, Sendable, CaseIterable {
        /// `local.documents`: the local Documents folder.
        case localDocuments = "local.documents"
        /// `cloud.container`: the cloud container, whose documents are in its `Documents/`.
        case cloudContainer = "cloud.container"
        /// `storage.preferred`: where new and imported documents go, `local` or `cloud`.
        case preferredStorage = "storage.preferred"
        /// `cloud.quiet-seconds`: how long a cloud document must stay untouched before it counts as complete.
        case cloudQuietSeconds = "cloud.quiet-seconds"
        /// `cloud.engine-address`: the sync engine's REST API, on loopback only.
        case cloudEngineAddress = "cloud.engine-address"
        /// `cloud.engine-api-key-file`: a file holding the key of that API.
        case cloudEngineAPIKeyFile = "cloud.engine-api-key-file"
        /// `plugins.stall-seconds`: seconds a plugin may go without writing an event.
        case pluginStallLimit = "plugins.stall-seconds"
        /// `plugins.cpu-seconds`: seconds of processor time each process of a plugin may use.
        case pluginCPULimit = "plugins.cpu-seconds"
        /// `thumbnails.seconds`: seconds a thumbnailer may run before it is stopped.
        case thumbnailTimeLimit = "thumbnails.seconds"

        /// One line saying what the setting holds and its default, for help text.
        public var summary: String {
            switch self {
            case .localDocuments: "the local Documents folder (default HOME/Documents)"
            case .cloudContainer: "the cloud container, whose documents are in its Documents/ (default HOME/Cloud)"
            case .preferredStorage: "where new and imported documents go: local or cloud (default local)"
            case .cloudQuietSeconds:
                "seconds a cloud document must stay untouched before it counts as complete; 0 switches this off (default \(QuietPeriod.standard.seconds))"
            case .cloudEngineAddress:
                "the sync engine's REST API as HOST:PORT on 127.0.0.1, ::1 or localhost, with cloud.engine-api-key-file (default: the engine's own configuration)"
            case .cloudEngineAPIKeyFile: "a file holding the sync engine's API key, with cloud.engine-address (default: the engine's own configuration)"
            case .pluginStallLimit: "seconds an import, export or preview plugin may go without progress before it is stopped (default 20)"
            case .pluginCPULimit: "seconds of processor time each process of a plugin may use before it is stopped (default: the call's time limit, 600 s for import and export)"
            case .thumbnailTimeLimit: "seconds a thumbnailer may run before it is stopped (default \(ThumbnailService.defaultTimeLimit.components.seconds))"
            }
        }

        func validate(_ value: String) throws(DocKitError) {
            switch self {
            case .localDocuments, .cloudContainer, .cloudEngineAPIKeyFile:
                if value.isEmpty { throw DocKitError(ConfigurationError.invalidValue(key: rawValue, value: value, reason: "a path is required")) }
            case .cloudEngineAddress:
                if !Self.isLoopbackAddress(value) {
                    throw DocKitError(ConfigurationError.invalidValue(key: rawValue, value: value, reason: "must be HOST:PORT on 127.0.0.1, [::1] or localhost; docbrowser talks to no other host"))
                }
            case .preferredStorage:
                if Location(rawValue: value) == nil { throw DocKitError(ConfigurationError.invalidValue(key: rawValue, value: value, reason: "must be local or cloud")) }
            case .cloudQuietSeconds:
                if QuietPeriod(seconds: value) == nil {
                    throw DocKitError(ConfigurationError.invalidValue(key: rawValue, value: value, reason: "must be a number of seconds from 0 to \(QuietPeriod(length: QuietPeriod.longest).seconds), such as 3 or 0.5"))
                }
            case .pluginStallLimit, .pluginCPULimit, .thumbnailTimeLimit:
                if Self.seconds(value) == nil {
                    throw DocKitError(ConfigurationError.invalidValue(key: rawValue, value: value, reason: "must be a whole number of seconds from 1 to 86400"))
                }
            }
        }

        /// `HOST:PORT`, optionally after `http://` or `https://`, whose host
        /// is loopback: an engine's address is passed to its adapter, which
        /// connects nowhere else.
        static func isLoopbackAddress(_ value: String) -> Bool {
            var rest = Substring(value)
            for scheme in ["http://", "https://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
            guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]), (1...65535).contains(port) else { return false }
            return ["127.0.0.1", "localhost", "[::1]"].contains(rest[..<colon].lowercased())
        }

        /// A day is the most any plugin call may take (as `DBServiceTimeLimit`).
        static func seconds(_ value: String) -> Int? {
            guard let seconds = Int(value), (1...86_400).contains(seconds) else { return nil }
            return seconds
        }
    }

    /// Every setting that is set, by its key's raw value; an unset key takes its default.
    public private(set) var values: [String: String]

    /// Creates a configuration from stored values, without validating them.
    ///
    /// - Parameter values: The file's keys and values.
    public init(values: [String: String] = [:]) {
        self.values = values
    }

    /// The stored value of `key`, as written; `nil` when unset, meaning the default.
    public subscript(key: Key) -> String? { values[key.rawValue] }

    /// Sets `key` in memory; saving the file is the caller's job.
    ///
    /// - Parameters:
    ///   - key: The setting to change.
    ///   - value: Its new value: a non-empty path, or `local`/`cloud` for `storage.preferred`.
    /// - Throws: ``DocKitError/Code/invalidValue`` when the value is not valid for the key.
    public mutating func set(_ key: Key, to value: String) throws(DocKitError) {
        try key.validate(value)
        values[key.rawValue] = value
    }

    /// Removes `key`, so its default applies.
    ///
    /// - Parameter key: The setting to remove.
    public mutating func unset(_ key: Key) {
        values[key.rawValue] = nil
    }

    /// Where new and imported documents go: `storage.preferred`, or `.local` when unset or not a location.
    public var preferredLocation: Location {
        self[.preferredStorage].flatMap(Location.init(rawValue:)) ?? .local
    }

    /// The limits that stop a hung plugin: `plugins.stall-seconds` and
    /// `plugins.cpu-seconds`, each its default when unset or not valid.
    public var pluginWatchdog: PluginWatchdog {
        var watchdog = PluginWatchdog.standard
        if let seconds = self[.pluginStallLimit].flatMap(Key.seconds) { watchdog.stallLimit = .seconds(seconds) }
        if let seconds = self[.pluginCPULimit].flatMap(Key.seconds) { watchdog.cpuLimit = .seconds(seconds) }
        return watchdog
    }

    /// How long a thumbnailer may run: `thumbnails.seconds`, or
    /// ``ThumbnailService/defaultTimeLimit`` when unset or not valid.
    public var thumbnailTimeLimit: Duration {
        self[.thumbnailTimeLimit].flatMap(Key.seconds).map { .seconds($0) } ?? ThumbnailService.defaultTimeLimit
    }

    /// Looks up a setting by its name in the file.
    ///
    /// - Parameter name: The key as written, such as `local.documents`.
    /// - Returns: The key.
    /// - Throws: ``DocKitError/Code/notFound`` when no setting has that name.
    public static func key(named name: String) throws(DocKitError) -> Key {
        guard let key = Key(rawValue: name) else { throw DocKitError(ConfigurationError.unknownKey(name)) }
        return key
    }
}

/// A setting or the configuration file could not be used.
enum ConfigurationError: DocKitFailure, Hashable {
    /// No setting has this name.
    case unknownKey(String)
    /// The value is not valid for the key; `reason` says what is expected.
    case invalidValue(key: String, value: String, reason: String)
    /// `config.json` could not be read or does not hold valid settings; `reason` says what is wrong.
    case malformedFile(path: String, reason: String)

    var code: DocKitError.Code {
        switch self {
        case .unknownKey: .notFound
        case .invalidValue: .invalidValue
        case .malformedFile: .malformed
        }
    }

    var document: String? {
        switch self {
        case .unknownKey(let key), .invalidValue(let key, _, _), .malformedFile(let key, _): key
        }
    }

    /// A message naming the key or file; for an unknown key, it lists the known ones.
    var description: String {
        switch self {
        case .unknownKey(let key):
            "\(key): no such setting (known: \(Configuration.Key.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidValue(let key, let value, let reason): "\(key): '\(value)' is not valid: \(reason)"
        case .malformedFile(let path, let reason): "\(path): \(reason)"
        }
    }
}
