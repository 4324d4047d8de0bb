import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// Bytes in and out in bulk: an upload imported as `import` imports a
/// file (an archive through the archiver's secure extraction, under the
/// import limits), and a selection exported as one zip.
struct APITransferRoutes: Sendable {
    let services: WebServices
    let uploadLimit: Int64

    struct ExportBody: Decodable {
        var ids: [String]
    }

    struct Imported: Encodable {
        var documents: [DocumentReport]
        var skipped: [String]
    }

    func add(to router: Router<WebRequestContext>) {
        router.post("/api/documents") { request, _ in
            try await upload(request)
        }
        router.post("/api/export") { request, _ in
            let body = try await RequestJSON.decode(ExportBody.self, from: request)
            guard !body.ids.isEmpty, body.ids.count <= 10_000 else { throw APIError.badRequest("ids names 1 to 10,000 documents") }
            let documents = try body.ids.map { try services.document($0) }
            let zip = try await ArchiveDownload(services: services).zip(documents.map(\.path))
            return zip.response(filename: documents.count == 1 ? documents[0].name + ".zip" : "Documents.zip")
        }
    }

    /// The body, named by `X-Filename` (percent-encoded UTF-8) or
    /// `?filename=`, written under a size cap into a folder of the home's
    /// temporary area (swept by recovery after a crash), imported from
    /// there, and the folder removed whatever happened: a refused upload
    /// leaves nothing.
    private func upload(_ request: Request) async throws -> Response {
        let named = request.headers[.filenameHeader]?.removingPercentEncoding ?? request.uri.queryParameters.get("filename")?.removingPercentEncoding
        guard let filename = named, Self.isSingleName(filename) else {
            throw APIError.badRequest("name the file in the X-Filename header: one name, not a path")
        }
        var location = services.catalog.configuration.preferredLocation
        if let text = request.uri.queryParameters.get("location") {
            guard let chosen = Location(rawValue: text) else { throw APIError.badRequest("location is local or cloud") }
            location = chosen
        }
        var policy = ConflictPolicy.fail
        if let text = request.uri.queryParameters.get("onConflict") {
            guard let chosen = ConflictPolicy(rawValue: text) else { throw APIError.badRequest("onConflict is fail, rename or replace") }
            policy = chosen
        }
        let home = services.catalog.home
        try? FileManager.default.createDirectory(at: home.temporaryDirectory, withIntermediateDirectories: true)
        let folder = home.temporaryDirectory.appending(path: FileSystem.temporaryPrefix + "web-upload-" + WebConfiguration.newToken().prefix(16), directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: filename)
        try await receive(request.body, into: file, limit: uploadLimit)
        let extractor = ArchiveExtractor(
            locator: services.library.plugins(registry: services.registry), home: home, environment: services.library.environment, limits: .init(),
            watchdog: services.catalog.configuration.pluginWatchdog
        )
        let importer = DocumentImporter(catalog: services.catalog, extractor: extractor, trash: services.trash)
        let result = try await services.call { try await importer.importFiles([RawPath(file.path)], to: location, onConflict: policy) }
        let documents = result.items.compactMap { try? services.catalog.resolve($0.document) }
        return try JSONResponse.make(Imported(documents: documents.map { DocumentReport($0, registry: services.registry) }, skipped: result.skipped), status: .created)
    }

    private func receive(_ body: RequestBody, into file: URL, limit: Int64) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = try? FileHandle(forWritingTo: file) else {
            throw APIError.badRequest("cannot take a file of that name")
        }
        defer { try? handle.close() }
        var written: Int64 = 0
        for try await buffer in body {
            written += Int64(buffer.readableBytes)
            guard written <= limit else {
                throw APIError(.contentTooLarge, "tooLarge", "The upload is larger than the import limit of \(limit) bytes.")
            }
            try handle.write(contentsOf: Data(buffer.readableBytesView))
        }
    }

    static func isSingleName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0") && name.utf8.count <= 255
    }
}
