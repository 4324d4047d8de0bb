import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// `POST /api/documents/{id}/folder` with `{"folder": "Projects/2026"}`:
/// moves a document into a folder of its location (`""` for the top
/// level), as `move --to LOCATION:FOLDER/` does (``DocumentMover``),
/// and answers the document as `list --json` shows it there. The folder is
/// a path inside the location, looked up in the catalog; `.`, `..`, an
/// absolute path or an empty component is refused before it is asked.
struct APIFolderMoveRoutes: Sendable {
    let services: WebServices

    struct FolderBody: Decodable {
        var folder: String
    }

    func add(to router: Router<WebRequestContext>) {
        router.post("/api/documents/{id}/folder") { request, context in
            let document = try services.document(context.parameters.get("id"))
            let body = try await RequestJSON.decode(FolderBody.self, from: request)
            let components = body.folder.split(separator: "/", omittingEmptySubsequences: false)
            guard body.folder.isEmpty || components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
                throw APIError.badRequest("folder is a folder's path inside the document's location")
            }
            let destination = DocumentDestination(document.location, folder: body.folder)
            let moved = try services.call {
                try DocumentMover(catalog: services.catalog, trash: services.trash).move(document, to: destination, onConflict: .fail).document
            }
            return try JSONResponse.make(DocumentReport(moved, registry: services.registry))
        }
    }
}
