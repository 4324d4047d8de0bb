import Logging

/// Chooses the previewers for a document and asks them in turn: the one
/// for the most specific type in the document's conformance chain first,
/// then the less specific ones when it fails, down to the generic
/// preview, which never does. A previewer that fails leaves a note in
/// the preview that replaces its own; so does a plugin previewer that
/// crashes, hangs past its limit or breaks the protocol.
public struct PreviewGenerator: Sendable {
    /// The previewers to choose from; of two equally specific for a type, the earlier is asked first.
    public var previewers: [any Previewer]

    /// Earlier previewers win ties of specificity, so previewers added in
    /// front (plugins) take precedence over built-in ones for one type.
    public static let builtIn: [any Previewer] = [
        JSONPreviewer(), PropertyListPreviewer(), CSVPreviewer(), PDFPreviewer(), ImagePreviewer(), OfficeDocumentPreviewer(), EPUBPreviewer(), MediaPreviewer(),
        TextPreviewer(), PackagePreviewer(), GenericPreviewer(),
    ]

    private static let logger = Logger(label: "docbrowser.previews")

    /// Creates a generator.
    ///
    /// - Parameter previewers: The previewers to choose from; the built-in ones by default.
    public init(previewers: [any Previewer] = PreviewGenerator.builtIn) {
        self.previewers = previewers
    }

    /// The manifests' preview plugins in front of the built-in previewers:
    /// one for exactly the type a built-in one handles wins over it, and
    /// one for a less specific type still comes after it.
    ///
    /// - Parameters:
    ///   - plugins: The preview services, from ``HandlerServiceLocator/services(_:)``.
    ///   - home: The home passed to the plugins, or `nil`.
    ///   - environment: The app's environment, such as ``DocumentLibrary/environment``.
    ///   - watchdog: How long a plugin may go without an event, and how much processor time it may use.
    public init(plugins: [PluginService], home: Home?, environment: [String: String], watchdog: PluginWatchdog = .standard) {
        self.init(previewers: plugins.map { PluginPreviewer(service: $0, home: home, environment: environment, watchdog: watchdog) } + Self.builtIn)
    }

    /// The previewers that take the subject, the most specific first.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - registry: The registry that gives the subject's conformance chain.
    /// - Returns: The previewers that rank the subject, by rank, then in the
    ///   generator's order; empty when none does.
    public func candidates(for subject: PreviewSubject, registry: TypeRegistry) -> [any Previewer] {
        let ranked: [(rank: Int, order: Int, previewer: any Previewer)] = previewers.enumerated().compactMap { order, previewer in
            previewer.rank(for: subject, registry: registry).map { ($0, order, previewer) }
        }
        return ranked.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.previewer)
    }

    /// The preview, headed by the type and size every preview shows.
    /// Throws only when the file cannot be read at all (it vanished, or
    /// permission is denied), or when the user cancelled a plugin.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: The first preview a candidate makes, else the generic one,
    ///   with a note for each previewer that failed.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the file cannot be read at all;
    ///   ``DocKitError/Code/pluginFailed`` (`cancelled`) when the user interrupted a plugin.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        var notes: [String] = []
        var candidates = candidates(for: subject, registry: context.registry)
        if candidates.isEmpty { candidates = [GenericPreviewer()] }
        var result: Preview?
        for (index, previewer) in candidates.enumerated() {
            let next = index + 1 < candidates.count ? candidates[index + 1].name : GenericPreviewer().name
            do {
                result = try await previewer.preview(subject, in: context)
                break
            } catch let error as DocKitError where error.failure is PreviewError {
                let reason = (error.failure as? PreviewError)?.reason ?? error.description
                Self.logger.debug("\(previewer.name) previewer failed on \(subject.path): \(reason)")
                notes.append("the \(previewer.name) preview failed (\(reason)); showing the \(next) preview")
            } catch let plugin as DocKitError where plugin.failure is PluginError {
                // Ctrl-C while a plugin runs stops the command, not the plugin alone.
                guard let error = plugin.failure as? PluginError, plugin.code != .cancelled else { throw plugin }
                Self.logger.debug("preview plugin failed on \(subject.path): \(error.description)")
                notes.append("\(Self.failureNote(error)); showing the \(next) preview")
            }
        }
        var preview = try result ?? GenericPreviewer().preview(subject, in: context)
        let type = context.registry.type(withIdentifier: subject.type)
        var typeText = subject.type
        if let description = type?.description { typeText += " (\(description))" }
        if subject.typeWasGuessed { typeText += ", guessed from the content" }
        var header = [Preview.Field("type", typeText)]
        if subject.fileKind != .directory || subject.isPackage {
            header.append(Preview.Field("size", "\(subject.size) bytes"))
        }
        preview.fields = header + preview.fields
        preview.notes = notes + preview.notes
        return preview
    }

    /// Names the plugin and what it did, in the words of ``DocKitError/Code/pluginFailed``.
    /// The plugin's own words (its message, its stderr, the line that broke
    /// the protocol) are made visible, since a note reaches the terminal.
    static func failureNote(_ error: PluginError) -> String {
        let note: String
        if case .reported(_, _, _, let message) = error.reason {
            note = "the preview plugin \(error.plugin) failed: \(message)"
        } else {
            note = "the preview plugin \(error.description)"
        }
        return VisibleText.cut(VisibleText.visible(Substring(note)), to: 400).text
    }
}
