import DocBrowserReports
import DocKit
import Foundation

/// A document's Quick Look, as `preview --json` makes it: the handlers'
/// preview plugins first, then the built-in previewers.
struct DocumentPreviews: Sendable {
    let services: WebServices

    func report(for document: Document) async throws -> PreviewReport {
        let plugins = services.library.plugins(registry: services.registry).services(.preview)
        let generator = PreviewGenerator(plugins: plugins, home: services.catalog.home, environment: services.library.environment, watchdog: services.catalog.configuration.pluginWatchdog)
        let subject = PreviewSubject(document)
        let context = PreviewContext(registry: services.registry, options: PreviewOptions(), tools: services.library.previewTools())
        let preview = try await services.call { try await generator.preview(subject, in: context) }
        return PreviewReport(preview, of: subject, registry: services.registry)
    }
}
