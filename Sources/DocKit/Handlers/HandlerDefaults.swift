import Foundation

/// The user's choice of handler per type (`handlers default UTI ID`),
/// kept in `HOME/Library/handler-defaults.json` — not in `Handlers/`,
/// where a JSON file would be read as a manifest.
public struct HandlerDefaults: Sendable, Hashable {
    /// Type identifier (lower-cased, as identifiers compare) to handler.
    public private(set) var handlersByType: [String: String]

    /// Creates defaults from a type-to-handler map; type identifiers are lower-cased,
    /// and of two that differ only in case, one wins arbitrarily.
    ///
    /// - Parameter handlersByType: Type identifier to handler identifier.
    public init(_ handlersByType: [String: String] = [:]) {
        self.handlersByType = Dictionary(handlersByType.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The handler the user chose for exactly `type`, compared case-insensitively;
    /// conforming types do not inherit it here.
    ///
    /// - Parameter type: A type identifier.
    /// - Returns: The handler's identifier, or `nil` when none was chosen.
    public func handler(for type: String) -> String? { handlersByType[type.lowercased()] }

    /// Sets or clears the default for a type, in memory.
    ///
    /// - Parameters:
    ///   - handler: The handler's identifier, or `nil` to clear the choice.
    ///   - type: The type identifier.
    public mutating func set(_ handler: String?, for type: String) {
        handlersByType[type.lowercased()] = handler
    }

    /// The defaults file of a home.
    ///
    /// - Parameter home: The docbrowser home.
    /// - Returns: `HOME/Library/handler-defaults.json`.
    public static func url(home: Home) -> URL { home.libraryDirectory.appending(path: "handler-defaults.json") }

    /// Reads a home's defaults; a missing file means none.
    ///
    /// - Parameter home: The docbrowser home.
    /// - Returns: The defaults.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read, is not a dictionary,
    ///   or holds a value that is not a string.
    public static func load(home: Home) throws(DocKitError) -> HandlerDefaults {
        let url = url(home: home)
        guard FileManager.default.fileExists(atPath: url.path) else { return HandlerDefaults() }
        let root = try PropertyListFile.readDictionary(at: url)
        var result: [String: String] = [:]
        for (type, value) in root {
            guard let handler = value as? String else { throw DocKitError(MalformedFileError(path: url.path, keyPath: type, reason: "expected a handler identifier")) }
            result[type] = handler
        }
        return HandlerDefaults(result)
    }

    /// Loads, changes and saves the defaults as one step, under a lock,
    /// written to a temporary and renamed into place.
    ///
    /// - Parameters:
    ///   - home: The home whose defaults file to change.
    ///   - change: Changes the loaded defaults.
    /// - Returns: The defaults as saved.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read;
    ///   ``DocKitError/Code/fileSystem`` when it cannot be written; ``DocKitError/Code/fileSystem`` when its
    ///   lock cannot be taken.
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
