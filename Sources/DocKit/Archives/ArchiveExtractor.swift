import Foundation

/// Extracts an untrusted archive in the import plugin's process, never in
/// the launcher's, into an empty staging folder that the caller owns and
/// removes, whatever the outcome.
public struct ArchiveExtractor: Sendable {
    /// Bounds the plugin enforces against archive bombs; it stops and fails when one is passed.
    public struct Limits: Sendable, Hashable {
        /// The most entries extracted.
        public var entries = 50_000
        /// The most bytes written in all (8 GiB by default).
        public var bytes: Int64 = 8 << 30
        /// The highest ratio of bytes written to archive bytes, checked for one entry
        /// past 1 MiB and for the whole archive past 16 MiB.
        public var ratio: Int64 = 200

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - entries: The most entries extracted.
        ///   - bytes: The most bytes written in all.
        ///   - ratio: The highest expansion ratio allowed.
        public init(entries: Int = 50_000, bytes: Int64 = 8 << 30, ratio: Int64 = 200) {
            self.entries = entries
            self.bytes = bytes
            self.ratio = ratio
        }
    }

    /// What the plugin reports it wrote.
    public struct Extracted: Sendable, Hashable, Decodable {
        /// How many entries were extracted.
        public var entries: Int
        /// How many bytes were written into the staging folder.
        public var bytes: Int64
        /// Files a later entry of the same name replaced, as tar tools do
        /// with an appended tar; a plugin that does not say replaced none.
        public var superseded: [String]

        private enum CodingKeys: String, CodingKey { case entries, bytes, superseded }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            entries = try container.decode(Int.self, forKey: .entries)
            bytes = try container.decode(Int64.self, forKey: .bytes)
            superseded = try container.decodeIfPresent([String].self, forKey: .superseded) ?? []
        }
    }

    /// Finds the plugin offering the import service for the archive's type.
    public var locator: any PluginLocator
    /// The home the plugin runs for.
    public var home: Home
    /// The app's environment, of which the plugin gets only `HOME`.
    public var environment: [String: String]
    /// The bounds passed to the plugin as `--max-entries`, `--max-bytes` and `--max-ratio`.
    public var limits: Limits
    /// The charset of zip entry names not flagged UTF-8, passed as `--charset`; `nil` lets
    /// the bundled archiver take UTF-8 when the bytes are valid UTF-8, else CP437.
    public var charset: String?
    /// How long the plugin may run before it is stopped; `nil` takes the service's own
    /// limit, else `PluginProcess.defaultTimeLimit`.
    public var timeLimit: Duration?
    /// How long the plugin may go without an event, and how much processor time it may use.
    public var watchdog: PluginWatchdog

    /// Creates an extractor.
    ///
    /// - Parameters:
    ///   - locator: Finds the import plugin for an archive type.
    ///   - home: The home the plugin runs for.
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    ///   - limits: The bounds against archive bombs.
    ///   - charset: The charset of legacy zip names, or `nil` to let the plugin decide.
    ///   - timeLimit: How long the plugin may run, or `nil` for the service's or the default limit.
    ///   - watchdog: How long the plugin may go without an event, and how much processor time it may use.
    public init(locator: any PluginLocator, home: Home, environment: [String: String], limits: Limits = Limits(), charset: String? = nil,
                timeLimit: Duration? = nil, watchdog: PluginWatchdog = .standard) {
        self.locator = locator
        self.home = home
        self.environment = environment
        self.limits = limits
        self.charset = charset
        self.timeLimit = timeLimit
        self.watchdog = watchdog
    }

    /// Extracts `archive` into `staging` through the import plugin for its type.
    ///
    /// `onLaunch` is `PluginProcess.run(progress:onLaunch:)`'s: the
    /// caller's journal records the plugin, to stop it should the caller die.
    ///
    /// - Parameters:
    ///   - archive: The archive to read.
    ///   - typeIdentifier: The archive's type, which chooses the plugin.
    ///   - staging: An empty folder the caller owns and removes afterwards.
    ///   - progress: Called with each progress report the plugin sends.
    ///   - onLaunch: Called with the plugin's identity once it runs, or `nil`.
    /// - Returns: How many entries and bytes the plugin wrote.
    /// - Throws: ``DocKitError/Code/pluginFailed``, naming the archive, when no plugin imports the type,
    ///   the plugin refuses the archive or passes a limit, fails, times out or
    ///   reports garbled output; whatever `onLaunch` throws.
    func extract(_ archive: RawPath, type typeIdentifier: String, into staging: RawPath,
                        progress: @escaping @Sendable (PluginProgress) -> Void = { _ in },
                        onLaunch: (@Sendable (ProcessIdentity) async throws -> Void)? = nil) async throws -> Extracted {
        let service = try locator.service(.import, for: typeIdentifier)
        var arguments = ["extract", "--archive", archive.description, "--staging", staging.description,
                         "--max-entries", String(limits.entries), "--max-bytes", String(limits.bytes), "--max-ratio", String(limits.ratio)]
        if let charset { arguments += ["--charset", charset] }
        let outcome: PluginProcess.Outcome
        do {
            outcome = try await PluginProcess(service: service, arguments: arguments, home: home, environment: environment,
                                          timeLimit: timeLimit, watchdog: watchdog).run(progress: progress, onLaunch: onLaunch)
        } catch {
            guard var named = error.failure as? PluginError else { throw error }
            named.file = archive.description
            throw DocKitError(named)
        }
        do {
            return try outcome.decodeResult(Extracted.self)
        } catch {
            throw DocKitError(PluginError(plugin: service.identifier, reason: .garbledOutput(line: String(decoding: outcome.result.prefix(120), as: UTF8.self)),
                              file: archive.description))
        }
    }
}
