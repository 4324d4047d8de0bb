import Foundation

/// The user's choice of handler per type (`handlers default UTI ID`),
/// kept in `HOME/Library/handler-defaults.json` — not in `Handlers/`,
/// where a JSON file would be read as a manifest.
public struct HandlerDefaults: Sendable, Hashable {
    /// Type identifier (lower-cased, as identifiers compare) to handler.
    public private(set) var handlersByType: [String: String]

    public init(_ handlersByType: [String: String] = [:]) {
        self.handlersByType = Dictionary(handlersByType.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public func handler(for type: String) -> String? { handlersByType[type.lowercased()] }

    public mutating func set(_ handler: String?, for type: String) {
        handlersByType[type.lowercased()] = handler
    }

    public static func url(home: Home) -> URL { home.libraryDirectory.appending(path: "handler-defaults.json") }

    public static func load(home: Home) throws(MalformedFileError) -> HandlerDefaults {
        let url = url(home: home)
        guard FileManager.default.fileExists(atPath: url.path) else { return HandlerDefaults() }
        let root = try PropertyListFile.readDictionary(at: url)
        var result: [String: String] = [:]
        for (type, value) in root {
            guard let handler = value as? String else { throw MalformedFileError(path: url.path, keyPath: type, reason: "expected a handler identifier") }
            result[type] = handler
        }
        return HandlerDefaults(result)
    }

    /// Loads, changes and saves the defaults as one step, under a lock,
    /// written to a temporary and renamed into place.
    public static func update(home: Home, _ change: (inout HandlerDefaults) -> Void) throws -> HandlerDefaults {
        let url = url(home: home)
        try FileSystem.createDirectory(RawPath(home.libraryDirectory))
        let lock = try FileLock(path: url.path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        var defaults = try load(home: home)
        change(&defaults)
        let data = try JSONSerialization.data(withJSONObject: defaults.handlersByType, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try FileSystem.writeAtomically(data + Data("\n".utf8), to: RawPath(url))
        return defaults
    }
}
