import DocKit
import Foundation
import Hummingbird

/// `GET /api/documents/{id}/versions/{number}/content`: one version's
/// bytes, for the conflict view to show the versions side by side. The
/// version is found among those DocKit lists for the document, never by a
/// path from the request; it is served as ``DocumentContent`` serves a
/// document inline, under a `sandbox` policy.
struct APIVersionContentRoutes: Sendable {
    let services: WebServices

    func add(to router: Router<WebRequestContext>) {
        router.get("/api/documents/{id}/versions/{number}/content") { _, context in
            let document = try services.document(context.parameters.get("id"))
            guard let number = context.parameters.get("number").flatMap(Int.init) else { throw APIError.notFound("no such version") }
            let versions = try services.call { try services.catalog.versions(of: document) }
            let all = [versions.current].compactMap { $0 } + versions.unresolvedConflicts
            // A package's version is many files: it has no bytes of its own.
            guard let version = all.first(where: { $0.number == number }), let path = version.path, version.files.isEmpty else {
                throw APIError.notFound("no such version")
            }
            return try response(for: path, name: version.name, type: document.type)
        }
    }

    private func response(for path: RawPath, name: String, type: String) throws -> Response {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw APIError.notFound("no such version") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw APIError.notFound("no such version")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let mimeType = services.registry.type(withIdentifier: type)?.mimeTypes.first ?? "application/octet-stream"
        let headers: HTTPFields = [
            .contentDisposition: DocumentContent.disposition("inline", filename: name),
            .contentType: mimeType,
            // As DocumentContent's inline bytes: a version that is HTML or SVG runs nothing.
            .contentSecurityPolicy: "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        ]
        return Response(status: .ok, headers: headers, body: DocumentContent.stream(handle, size: Int(status.st_size)))
    }
}
