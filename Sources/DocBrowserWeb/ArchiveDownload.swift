import DocKit
import Foundation
import Hummingbird

/// A zip of documents made by the archiver, as `export` makes one, into
/// the home's temporary folder (swept by recovery after a crash) and then
/// sent and removed.
struct ArchiveDownload: Sendable {
    let services: WebServices

    struct Made: Sendable {
        let path: RawPath
        let size: Int

        func response(filename: String) -> Response {
            let handle = FileHandle(forReadingAtPath: path.description)
            // Unlinked at once: the open handle keeps its bytes until sent.
            _ = path.withCString { unlink($0) }
            return Response(status: .ok, headers: [
                .contentType: "application/zip",
                .contentDisposition: DocumentContent.disposition("attachment", filename: filename),
            ], body: handle.map { DocumentContent.stream($0, size: size) } ?? ResponseBody())
        }
    }

    func zip(_ inputs: [RawPath]) async throws -> Made {
        let home = services.catalog.home
        let directory = RawPath(home.temporaryDirectory)
        try? FileManager.default.createDirectory(at: home.temporaryDirectory, withIntermediateDirectories: true)
        let output = directory.appending("web-export-\(WebConfiguration.newToken().prefix(16)).zip")
        let locator = services.library.plugins(registry: services.registry)
        let exporter = ArchiveExporter(
            locator: locator, home: home, environment: services.library.environment, watchdog: services.catalog.configuration.pluginWatchdog
        )
        let summary = try await services.call { try await exporter.export(inputs, to: output, options: .init(format: .zip)) }
        return Made(path: output, size: Int(summary.archiveBytes))
    }
}
