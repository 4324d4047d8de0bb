import Foundation

/// Extracts an untrusted archive in the import plugin's process, never in
/// the launcher's, into an empty staging folder that the caller owns and
/// removes, whatever the outcome.
public struct ArchiveExtractor: Sendable {
    public struct Limits: Sendable, Hashable {
        public var entries = 50_000
        public var bytes: Int64 = 8 << 30
        public var ratio: Int64 = 200

        public init(entries: Int = 50_000, bytes: Int64 = 8 << 30, ratio: Int64 = 200) {
            self.entries = entries
            self.bytes = bytes
            self.ratio = ratio
        }
    }

    /// What the plugin reports it wrote.
    public struct Extracted: Sendable, Hashable, Decodable {
        public var entries: Int
        public var bytes: Int64
    }

    public var locator: any PluginLocator
    public var home: Home
    public var limits: Limits
    public var charset: String?
    public var timeLimit: Duration?

    public init(locator: any PluginLocator, home: Home, limits: Limits = Limits(), charset: String? = nil, timeLimit: Duration? = nil) {
        self.locator = locator
        self.home = home
        self.limits = limits
        self.charset = charset
        self.timeLimit = timeLimit
    }

    /// `onLaunch` is ``PluginProcess/run(progress:onLaunch:)``'s: the
    /// caller's journal records the plugin, to stop it should the caller die.
    public func extract(_ archive: RawPath, type typeIdentifier: String, into staging: RawPath,
                        progress: @escaping @Sendable (PluginProgress) -> Void = { _ in },
                        onLaunch: (@Sendable (ProcessIdentity) async throws -> Void)? = nil) async throws -> Extracted {
        let service = try locator.service(.import, for: typeIdentifier)
        var arguments = ["extract", "--archive", archive.description, "--staging", staging.description,
                         "--max-entries", String(limits.entries), "--max-bytes", String(limits.bytes), "--max-ratio", String(limits.ratio)]
        if let charset { arguments += ["--charset", charset] }
        let outcome: PluginProcess.Outcome
        do {
            outcome = try await PluginProcess(service: service, arguments: arguments, home: home, timeLimit: timeLimit).run(progress: progress, onLaunch: onLaunch)
        } catch {
            var named = error
            named.file = archive.description
            throw named
        }
        do {
            return try outcome.decodeResult(Extracted.self)
        } catch {
            throw PluginError(plugin: service.identifier, reason: .garbledOutput(line: String(decoding: outcome.result.prefix(120), as: UTF8.self)),
                              file: archive.description)
        }
    }
}
