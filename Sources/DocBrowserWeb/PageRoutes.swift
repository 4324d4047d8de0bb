import DocKit
import Foundation
import Hummingbird

/// The HTML pages and their static files. Pages are rendered on the
/// server from share/docbrowser/web/templates/; each gets the session's
/// CSRF token in `<meta name="csrf-token">` for its script's changes.
///
/// Add a page here: a route that renders a template with
/// ``page(_:_:context:)``; ``WebSecurityMiddleware`` already required the
/// session (``WebRequestContext/session``) before it runs.
struct PageRoutes: Sendable {
    let services: WebServices
    let sessions: Sessions
    let pages: PageTemplates

    func add(to router: Router<WebRequestContext>) {
        router.get("/") { request, context in
            try page("index", try BrowserPage(services: services).values(for: request.uri.queryParameters), context: context)
        }
        router.post("/login") { request, _ in
            try await login(request)
        }
        router.get("/static/**") { _, context in
            try staticFile(context.parameters.getCatchAll())
        }
    }

    /// `template` rendered with `values` and the session's CSRF token.
    func page(_ template: String, _ values: [String: Any], context: WebRequestContext) throws -> Response {
        var values = values
        values["csrfToken"] = context.session?.csrfToken ?? ""
        guard let html = pages.render(template, values) else { throw APIError.notFound("no page \(template)") }
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// With `--password-file`: `password=…` as a form opens a session.
    private func login(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 4096)
        let form = String(buffer: body)
        let fields = URLComponents(string: "?" + form.replacingOccurrences(of: "+", with: "%20"))?.queryItems ?? []
        guard let password = fields.first(where: { $0.name == "password" })?.value, let session = sessions.login(password: password) else {
            throw APIError(.unauthorized, "badPassword", "Wrong password.")
        }
        return WebSecurityMiddleware.redirectHome(opening: session)
    }

    /// A file of share/docbrowser/web/ by its path there: no component may
    /// be empty, `.` or `..` or hidden, and what it names must be a regular
    /// file whose real path stays inside that folder.
    private func staticFile(_ components: [Substring]) throws -> Response {
        guard !components.isEmpty, components.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") && !$0.contains("\0") }) else {
            throw APIError.notFound("no such file")
        }
        let root = pages.webDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        let file = URL(fileURLWithPath: root).appending(path: components.joined(separator: "/")).resolvingSymlinksInPath().standardizedFileURL
        var isDirectory: ObjCBool = false
        guard file.path.hasPrefix(root + "/"), FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: file.path) else {
            throw APIError.notFound("no such file")
        }
        let type = MediaType.getMediaType(forExtension: file.pathExtension).map { "\($0)" } ?? "application/octet-stream"
        let contentType = type.hasPrefix("text/") || type == "application/javascript" ? "\(type); charset=utf-8" : type
        return Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
