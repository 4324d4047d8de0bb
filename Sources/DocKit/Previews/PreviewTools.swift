import Foundation

/// The outside tools previews run (poppler's, ffprobe), where they are
/// looked for and how long each run may take. A tool that is not found
/// leaves the preview to what docbrowser reads itself, with a note.
public struct PreviewTools: Sendable {
    /// Long enough for poppler on a large first page; short enough that a
    /// tool stuck on a hostile file is not waited for at the terminal.
    public static let defaultTimeLimit: Duration = .seconds(5)

    /// The directories searched for each tool, in order: the environment's `PATH` by default.
    public var searchPath: [String]
    /// How long one run may take before its process group is killed.
    public var timeLimit: Duration
    /// Where the archiver that reads inside zip-based documents is looked
    /// for: ``PluginSearchPath/standard(explicit:environment:executable:)``
    /// of ``environment`` by default.
    public var plugins: PluginSearchPath
    /// The app's environment, such as ``DocumentLibrary/environment``: of
    /// it the archiver gets only `HOME`.
    public var environment: [String: String]

    /// Creates the settings.
    ///
    /// - Parameters:
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    ///   - searchPath: The directories searched for tools; `environment`'s `PATH` by default.
    ///   - timeLimit: How long one run may take; 5 seconds by default.
    ///   - plugins: Where the archiver is looked for; the standard rule by default.
    public init(environment: [String: String], searchPath: [String]? = nil, timeLimit: Duration = PreviewTools.defaultTimeLimit,
                plugins: PluginSearchPath? = nil) {
        self.environment = environment
        self.searchPath = searchPath ?? Self.searchPath(environment: environment)
        self.timeLimit = timeLimit
        self.plugins = plugins ?? .standard(environment: environment)
    }

    /// `PATH`'s directories, or the usual ones when it is not set.
    ///
    /// - Parameter environment: The variables to read.
    /// - Returns: The directories, in order.
    public static func searchPath(environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// Whether the tool is in a directory of ``searchPath``.
    func isInstalled(_ tool: String) -> Bool {
        ToolProcess.locate(tool, in: searchPath) != nil
    }

    /// Runs a tool within the time limit and `outputCap`.
    func run(_ tool: String, _ arguments: [String], outputCap: Int) async throws(ToolProcess.Failure) -> [UInt8] {
        try await ToolProcess(tool: tool, arguments: arguments, searchPath: searchPath, timeLimit: timeLimit, outputCap: outputCap).run()
    }

    /// Runs a tool within the time limit, keeping at most `maxBytes` of
    /// its output: a tool still writing then is stopped, and its head kept.
    ///
    /// - Returns: The output, and whether it is all the tool wrote.
    func runKeepingHead(_ tool: String, _ arguments: [String], maxBytes: Int) async throws(ToolProcess.Failure) -> (bytes: [UInt8], isComplete: Bool) {
        var process = ToolProcess(tool: tool, arguments: arguments, searchPath: searchPath, timeLimit: timeLimit, outputCap: maxBytes + 1)
        process.keepsHead = true
        let bytes = try await process.run()
        return bytes.count > maxBytes ? (Array(bytes.prefix(maxBytes)), false) : (bytes, true)
    }

    /// The names of a zip-based document's entries, as the archiver lists them.
    ///
    /// - Parameters:
    ///   - archive: The document's absolute path.
    ///   - limit: The most entries listed.
    /// - Returns: The entries' names, in the archive's order.
    /// - Throws: ``DocKitError/Code/pluginFailed`` when the archiver is missing, fails or refuses the file.
    func entryNames(of archive: String, limit: Int) async throws(DocKitError) -> [String] {
        let executable = try plugins.locate(BundledArchiverLocator.executableName, plugin: BundledArchiverLocator.identifier)
        let service = PluginService(identifier: BundledArchiverLocator.identifier, executable: executable)
        let process = PluginProcess(service: service, arguments: ["list", "--archive", archive, "--max-entries", String(limit)],
                                    home: nil, environment: environment, timeLimit: timeLimit, outputCap: PluginPreviewer.defaultOutputCap)
        return try ArchiveListing(plugin: service.identifier, outcome: try await process.run()).entries.map(\.name)
    }

    /// One entry of a zip-based document, read by the archiver's
    /// `extract-entry`: the document is read in the archiver's process,
    /// never in this one.
    ///
    /// - Parameters:
    ///   - entry: The entry's exact name.
    ///   - archive: The document's absolute path.
    ///   - maxBytes: The most bytes kept.
    /// - Returns: The bytes, and whether they are the whole entry; nil when there is no such entry.
    /// - Throws: ``ToolProcess/Failure`` when the archiver fails or runs past the limit.
    func entry(_ entry: String, of archive: String, maxBytes: Int) async throws(ToolProcess.Failure) -> (bytes: [UInt8], isComplete: Bool)? {
        let archiver = plugins.executable(named: BundledArchiverLocator.executableName)
        let process = ToolProcess(
            tool: BundledArchiverLocator.executableName,
            arguments: ["extract-entry", "--archive", archive, "--entry", entry, "--max-bytes", String(maxBytes + 1)],
            searchPath: archiver.map { [$0.deletingLastPathComponent().path] } ?? [], timeLimit: timeLimit, outputCap: maxBytes + 1
        )
        do {
            let bytes = try await process.run()
            return bytes.count > maxBytes ? (Array(bytes.prefix(maxBytes)), false) : (bytes, true)
        } catch .exited(_, 3, _) {
            return nil
        }
    }
}
