import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// Reading documents: the listing, one document, its bytes, its preview
/// and its thumbnail, each in docs/JSON.md's words.
struct APIDocumentRoutes: Sendable {
    let services: WebServices

    func add(to router: Router<WebRequestContext>) {
        router.get("/api/documents") { request, _ in
            try list(request.uri.queryParameters)
        }
        router.get("/api/documents/{id}") { _, context in
            let document = try services.document(context.parameters.get("id"))
            return try JSONResponse.make(DocumentReport(document, registry: services.registry))
        }
        router.get("/api/documents/{id}/content") { request, context in
            try await DocumentContent(services: services).response(
                for: try services.document(context.parameters.get("id")), inline: request.uri.queryParameters.get("inline") == "1")
        }
        router.get("/api/documents/{id}/preview") { _, context in
            let document = try services.document(context.parameters.get("id"))
            return try JSONResponse.make([try await DocumentPreviews(services: services).report(for: document)])
        }
        router.get("/api/documents/{id}/thumbnail") { request, context in
            let document = try services.document(context.parameters.get("id"))
            return try await DocumentThumbnails(services: services).response(for: document, size: request.uri.queryParameters.get("size"))
        }
    }

    /// `list --json`, the same bytes; with filters, the same objects of
    /// the documents that pass them.
    private func list(_ parameters: Parameters) throws -> Response {
        let filter = try DocumentFilter(parameters, registry: services.registry)
        let registry = services.registry
        if filter.isPlainListing {
            let listing = try services.call { try services.catalog.listing(matching: filter.query) }
            var buffers: [ByteBuffer] = []
            try ReportJSON.documentReports(listing, {
                var kinds = DocumentKinds(registry: registry)
                return { DocumentReport($0, registry: registry, kind: kinds.kind(of: $0)) }
            }, write: { buffers.append(ByteBuffer(bytes: $0)) })
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(contentsOf: buffers))
        }
        let documents = try services.call { try services.catalog.documents(matching: filter.query) }.filter(filter.accepts)
        var kinds = DocumentKinds(registry: registry)
        return try JSONResponse.make(documents.map { DocumentReport($0, registry: registry, kind: kinds.kind(of: $0)) })
    }
}
