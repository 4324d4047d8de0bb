import DocKit
import Hummingbird

/// `GET /api/documents/{id}/thumbnail`. DocKit has no thumbnail service
/// yet (it is being built on its own branch): until it lands, every
/// thumbnail is a 404 with a JSON error, and this is the one place to
/// wire it in.
struct DocumentThumbnails: Sendable {
    let services: WebServices

    func response(for document: Document) throws -> Response {
        throw APIError(.notFound, "noThumbnail", "No thumbnail of \(document.qualifiedName): thumbnails are not made yet.")
    }
}
