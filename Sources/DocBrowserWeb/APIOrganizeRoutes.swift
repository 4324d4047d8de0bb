import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// Changing where documents are: move between locations, rename,
/// duplicate, delete to the Trash, and the Trash with put-back, each one
/// call of the DocKit service the CLI's command calls. A changed document
/// is answered as `list --json` shows it now.
struct APIOrganizeRoutes: Sendable {
    let services: WebServices

    struct MoveBody: Decodable {
        var location: Location
        var onConflict: ConflictPolicy?
    }

    struct RenameBody: Decodable {
        var name: String
    }

    struct RestoreBody: Decodable {
        var onConflict: ConflictPolicy?
    }

    struct Deleted: Encodable {
        var document: String
        var trashName: String?
    }

    struct Restored: Encodable {
        var name: String
        var path: String
    }

    func add(to router: Router<WebRequestContext>) {
        router.post("/api/documents/{id}/move") { request, context in
            let document = try services.document(context.parameters.get("id"))
            let body = try await RequestJSON.decode(MoveBody.self, from: request)
            let mover = DocumentMover(catalog: services.catalog, trash: services.trash)
            let result = try services.call { try mover.move(document, to: body.location, onConflict: body.onConflict ?? .fail) }
            return try JSONResponse.make(DocumentReport(result.document, registry: services.registry))
        }
        router.post("/api/documents/{id}/rename") { request, context in
            let document = try services.document(context.parameters.get("id"))
            let body = try await RequestJSON.decode(RenameBody.self, from: request)
            let renamed = try services.call { try services.catalog.renameDocument(document, to: body.name) }
            return try JSONResponse.make(DocumentReport(renamed, registry: services.registry))
        }
        router.post("/api/documents/{id}/duplicate") { _, context in
            let document = try services.document(context.parameters.get("id"))
            let copier = DocumentCopier(catalog: services.catalog, trash: services.trash)
            let result = try services.call { try copier.duplicate(document) }
            guard let copy = result.copy else { throw APIError.notFound("the copy was not found after duplicating") }
            return try JSONResponse.make(DocumentReport(copy, registry: services.registry), status: .created)
        }
        router.delete("/api/documents/{id}") { _, context in
            let document = try services.document(context.parameters.get("id"))
            let deleter = DocumentDeleter(catalog: services.catalog, trash: services.trash)
            let result = try services.call { try deleter.delete(document, permanently: false) }
            return try JSONResponse.make(Deleted(document: result.document.qualifiedName, trashName: result.trashName))
        }
        router.get("/api/trash") { _, _ in
            let items = try services.trashedItems()
            return try JSONResponse.make(items.map(TrashItemReport.init))
        }
        router.post("/api/trash/{name}/restore") { request, context in
            let body = try await RequestJSON.decode(RestoreBody.self, from: request)
            let item = try trashedItem(context.parameters.get("name")?.removingPercentEncoding)
            let restorer = TrashRestorer(home: services.catalog.home, trash: services.trash)
            let result = try services.call { try restorer.restore(item, onConflict: body.onConflict ?? .fail) }
            return try JSONResponse.make(Restored(name: result.destination.lastComponent.description, path: result.destination.description))
        }
    }

    /// An item of the Trash by its name in `files/`, as `trash list` shows
    /// it: one name, never a path.
    private func trashedItem(_ name: String?) throws -> TrashedItem {
        guard let name, !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else { throw APIError.notFound("no such item in the Trash") }
        guard let item = try services.trashedItem(named: RawPath(name)) else { throw APIError.notFound("no such item in the Trash") }
        return item
    }
}
