import Foundation

/// Reads and writes `HOME/config.json`. Writes go to a hidden temporary
/// beside the file, which is then renamed over it, under a lock, so that a
/// crash or a concurrent `config set` never leaves half a file.
public struct ConfigurationFile: Sendable {
    /// `HOME/config.json`, which may not exist.
    public let url: URL

    /// The configuration file of `home`; nothing is read yet.
    ///
    /// - Parameter home: The docbrowser home.
    public init(home: Home) {
        url = home.url.appending(path: "config.json")
    }

    /// Reads the configuration; a missing file means every setting has its default.
    ///
    /// - Returns: The settings.
    /// - Throws: ``DocKitError/Code/malformed`` when the file cannot be read,
    ///   is not a JSON object, or holds a non-string value, an unknown key or an invalid value.
    public func load() throws(DocKitError) -> Configuration {
        guard FileManager.default.fileExists(atPath: url.path) else { return Configuration() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: "cannot be read"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: "is not a JSON object"))
        }
        var configuration = Configuration()
        for (name, value) in dictionary {
            guard let value = value as? String else {
                throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: "\(name): expected a string"))
            }
            guard let key = Configuration.Key(rawValue: name) else {
                throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: "\(name): no such setting"))
            }
            do {
                try configuration.set(key, to: value)
            } catch {
                throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: error.description))
            }
        }
        return configuration
    }

    /// Loads, changes and saves the configuration as one step.
    ///
    /// - Parameter change: Changes the loaded settings; what it throws leaves
    ///   the file as it was.
    /// - Throws: What ``load()`` and `change` throw, as ``DocKitError``;
    ///   ``DocKitError/Code/fileSystem`` when the home or the file cannot be written;
    ///   ``DocKitError/Code/fileSystem`` when the file's lock cannot be taken.
    public func update(_ change: (inout Configuration) throws(DocKitError) -> Void) throws {
        try FileSystem.createDirectory(RawPath(url.deletingLastPathComponent()))
        let lock = try FileLock(path: url.path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        var configuration = try load()
        try change(&configuration)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(configuration.values)
        } catch {
            throw DocKitError(ConfigurationError.malformedFile(path: url.path, reason: "cannot be encoded"))
        }
        try FileSystem.writeAtomically(data + Data("\n".utf8), to: RawPath(url))
    }
}
