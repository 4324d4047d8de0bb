import Foundation

/// A preview service of a handler manifest (`DBServices`, kind `preview`),
/// run as a plugin process (docs/PLUGIN-PROTOCOL.md): an archive is listed
/// with `list --archive FILE --max-entries N`, anything else previewed with
/// `preview --lines N --width N -- FILE`. Its failures are thrown as
/// ``DocKitError/Code/pluginFailed``, for ``PreviewGenerator`` to fall back on the next
/// previewer with a note.
struct PluginPreviewer: Previewer {
    /// A preview is something a user waits for at the terminal, so a plugin
    /// gets seconds, not the minutes an export may take, unless its
    /// manifest says otherwise (`DBServiceTimeLimit`).
    public static let defaultTimeLimit: Duration = .seconds(10)
    /// A screenful of answer is a few kilobytes; more is a plugin gone wrong.
    public static let defaultOutputCap = 1 << 20
    /// Subjects conforming to this type are listed with `list` rather than previewed with `preview`.
    public static let archiveType = "public.archive"

    /// The plugin to run; its `types` are the previewer's ``contentTypes``.
    public var service: PluginService
    /// The home passed to the plugin, or `nil`.
    public var home: Home?
    /// The app's environment, of which the plugin gets only `HOME`.
    public var environment: [String: String]
    /// The most stdout bytes read before the plugin is stopped.
    public var outputCap: Int
    /// How long the plugin may go without an event, and how much processor time it may use.
    public var watchdog: PluginWatchdog

    /// Creates a previewer for a plugin's preview service.
    ///
    /// - Parameters:
    ///   - service: The plugin and the types it previews.
    ///   - home: The home passed to the plugin, or `nil`.
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    ///   - outputCap: The most stdout bytes read; 1 MiB by default.
    ///   - watchdog: How long the plugin may go without an event, and how much processor time it may use.
    public init(service: PluginService, home: Home?, environment: [String: String], outputCap: Int = PluginPreviewer.defaultOutputCap,
                watchdog: PluginWatchdog = .standard) {
        self.service = service
        self.home = home
        self.environment = environment
        self.outputCap = outputCap
        self.watchdog = watchdog
    }

    /// The handler's identifier, so notes say which plugin spoke.
    public var name: String { service.identifier }
    /// The types the manifest declares the service for.
    public var contentTypes: [String] { service.types }

    /// Regular files, and packages (a plugin may know a package format);
    /// an archive is always a file.
    public func rank(for subject: PreviewSubject, registry: TypeRegistry) -> Int? {
        guard !subject.isPlaceholder else { return nil }
        let isPackage = subject.isPackage && subject.fileKind == .directory && !isArchive(subject, registry: registry)
        guard subject.fileKind == .regular || isPackage else { return nil }
        return Self.conformanceRank(of: subject.type, among: contentTypes, registry: registry)
    }

    /// Runs the plugin on the subject within the context's line and width limits.
    ///
    /// - Parameters:
    ///   - subject: The file or package to preview.
    ///   - context: The registry and limits.
    /// - Returns: An `archive` preview for an archive, else the plugin's answer as a preview.
    /// - Throws: ``DocKitError/Code/pluginFailed`` when the plugin cannot start, fails, times out, passes
    ///   ``outputCap``, or answers outside the protocol.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let path = Self.absolute(subject.path).description
        let options = context.options
        if isArchive(subject, registry: context.registry) {
            let outcome = try await run(["list", "--archive", path, "--max-entries", String(options.maxLines)])
            return try ArchiveListing(plugin: name, outcome: outcome).preview(options: options)
        }
        let outcome = try await run(["preview", "--lines", String(options.maxLines), "--width", String(options.lineWidth), "--", path])
        return try PluginPreviewAnswer(plugin: name, outcome: outcome).preview(options: options)
    }

    private func run(_ arguments: [String]) async throws(DocKitError) -> PluginProcess.Outcome {
        let process = PluginProcess(service: service, arguments: arguments, home: home, environment: environment,
                                    timeLimit: service.timeLimit ?? Self.defaultTimeLimit, outputCap: outputCap, watchdog: watchdog)
        return try await process.run()
    }

    private func isArchive(_ subject: PreviewSubject, registry: TypeRegistry) -> Bool {
        registry.conforms(subject.type, to: Self.archiveType)
    }

    /// Plugins run in `/`: a relative path would name another file there.
    static func absolute(_ path: RawPath) -> RawPath {
        path.bytes.first == UInt8(ascii: "/") ? path : RawPath(FileManager.default.currentDirectoryPath).appending(path)
    }
}
