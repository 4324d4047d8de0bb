import Foundation

/// The settings kept in `HOME/config.json`, a JSON object of string keys
/// and string values. Every key is optional:
///
/// | key | value | default |
/// |---|---|---|
/// | `local.documents` | the local Documents folder | `HOME/Documents` |
/// | `cloud.container` | the cloud container; its documents are in its `Documents/` | `HOME/Cloud` |
/// | `storage.preferred` | where new and imported documents go: `local` or `cloud` | `local` |
///
/// Relative paths are taken relative to the home.
public struct Configuration: Sendable, Hashable {
    public enum Key: String, Sendable, CaseIterable {
        case localDocuments = "local.documents"
        case cloudContainer = "cloud.container"
        case preferredStorage = "storage.preferred"

        public var summary: String {
            switch self {
            case .localDocuments: "the local Documents folder (default HOME/Documents)"
            case .cloudContainer: "the cloud container, whose documents are in its Documents/ (default HOME/Cloud)"
            case .preferredStorage: "where new and imported documents go: local or cloud (default local)"
            }
        }

        func validate(_ value: String) throws(ConfigurationError) {
            switch self {
            case .localDocuments, .cloudContainer:
                if value.isEmpty { throw .invalidValue(key: rawValue, value: value, reason: "a path is required") }
            case .preferredStorage:
                if Location(rawValue: value) == nil { throw .invalidValue(key: rawValue, value: value, reason: "must be local or cloud") }
            }
        }
    }

    public private(set) var values: [String: String]

    public init(values: [String: String] = [:]) {
        self.values = values
    }

    public subscript(key: Key) -> String? { values[key.rawValue] }

    public mutating func set(_ key: Key, to value: String) throws(ConfigurationError) {
        try key.validate(value)
        values[key.rawValue] = value
    }

    public mutating func unset(_ key: Key) {
        values[key.rawValue] = nil
    }

    public var preferredLocation: Location {
        self[.preferredStorage].flatMap(Location.init(rawValue:)) ?? .local
    }

    public static func key(named name: String) throws(ConfigurationError) -> Key {
        guard let key = Key(rawValue: name) else { throw .unknownKey(name) }
        return key
    }
}

public enum ConfigurationError: DocKitError, Hashable {
    case unknownKey(String)
    case invalidValue(key: String, value: String, reason: String)
    case malformedFile(path: String, reason: String)

    public var kind: FailureKind {
        switch self {
        case .unknownKey: .notFound
        case .invalidValue, .malformedFile: .invalidInput
        }
    }

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "\(key): no such setting (known: \(Configuration.Key.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidValue(let key, let value, let reason): "\(key): '\(value)' is not valid: \(reason)"
        case .malformedFile(let path, let reason): "\(path): \(reason)"
        }
    }
}
