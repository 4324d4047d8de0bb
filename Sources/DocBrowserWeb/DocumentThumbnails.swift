import DocKit
import Foundation
import Hummingbird

/// `GET /api/documents/{id}/thumbnail?size=`: the document's thumbnail as
/// a PNG, from DocKit's ``ThumbnailService``: the desktop's shared cache,
/// else made by a thumbnailer in its own process. A document of which no
/// thumbnail can be made is a 404 with a JSON error, so that a page shows
/// its kind's icon instead.
struct DocumentThumbnails: Sendable {
    let services: WebServices

    func response(for document: Document, size text: String?) async throws -> Response {
        var size = ThumbnailSize.large
        if let text {
            guard let chosen = ThumbnailSize(rawValue: text) else {
                throw APIError.badRequest("size is \(ThumbnailSize.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            size = chosen
        }
        let service = services.library.thumbnailService(registry: services.registry, configuration: services.catalog.configuration)
        let thumbnail: Thumbnail
        do {
            thumbnail = try await service.thumbnail(for: document, size: size)
        } catch {
            if error.code == .fileSystem { throw APIError(error) }
            throw APIError(.notFound, "noThumbnail", error.description)
        }
        // Written by the service's own files, capped in size; read whole.
        guard let data = FileManager.default.contents(atPath: thumbnail.path.description), data.count <= ThumbnailService.defaultOutputCap else {
            throw APIError(.notFound, "noThumbnail", "\(document.qualifiedName): the thumbnail vanished from the cache")
        }
        return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
