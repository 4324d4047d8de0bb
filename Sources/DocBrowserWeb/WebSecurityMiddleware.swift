import Foundation
import Hummingbird

/// The rules every request passes before any route (issue 38, part 3):
/// the `Host` names this server (no DNS rebinding); the token is exchanged
/// for a session cookie; everything but that exchange and the static
/// assets needs the session; every state change needs the session's CSRF
/// token and no foreign `Origin`. Every response gets the headers that
/// keep the browser from sniffing, framing or leaking it.
struct WebSecurityMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext

    let configuration: WebConfiguration
    let sessions: Sessions
    let boundPort: BoundPort

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await check(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        Self.addHeaders(to: &response, path: request.uri.path)
        return response
    }

    private func check(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let port = boundPort.value, let authority = request.head.authority?.lowercased(),
              configuration.acceptedHosts(port: port).contains(authority) else {
            throw APIError(.misdirectedRequest, "wrongHost", "This server answers only to its own address; open the URL docbrowser serve printed.")
        }
        let path = request.uri.path
        let changesState = ![.get, .head, .options].contains(request.method)
        if changesState, let origin = request.headers[.origin], !configuration.isOwnOrigin(origin.lowercased(), port: port) {
            throw APIError(.forbidden, "crossOrigin", "A request from another site's page is refused.")
        }
        if path.hasPrefix("/static/") { return try await next(request, context) }
        if path == "/", request.method == .get, let token = request.uri.queryParameters.get("token") {
            guard let session = sessions.exchange(token: token) else {
                throw APIError(.unauthorized, "badToken", "This token is wrong or was already used; start docbrowser serve again for a new one.")
            }
            return Self.redirectHome(opening: session)
        }
        if path == "/login", request.method == .post {
            return try await next(request, context)
        }
        guard let id = request.cookies[Sessions.cookieName]?.value, let session = sessions.session(id: id) else {
            throw APIError(.unauthorized, "noSession", "Open the URL docbrowser serve printed, with its token, to start a session.")
        }
        if changesState {
            guard let csrf = request.headers[.csrfToken], Sessions.constantTimeEqual(csrf, session.csrfToken) else {
                throw APIError(.forbidden, "badCSRFToken", "A change needs the session's X-CSRF-Token header.")
            }
        }
        var context = context
        context.session = session
        return try await next(request, context)
    }

    /// 303 to `/`, so that the token leaves the address bar and history.
    static func redirectHome(opening session: Sessions.Session) -> Response {
        Response(status: .seeOther, headers: [
            .location: "/",
            .setCookie: "\(Sessions.cookieName)=\(session.id); HttpOnly; SameSite=Strict; Path=/",
        ])
    }

    static let pagePolicy = "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    private static func addHeaders(to response: inout Response, path: String) {
        func setIfAbsent(_ name: HTTPField.Name, _ value: String) {
            if response.headers[name] == nil { response.headers[name] = value }
        }
        setIfAbsent(.xContentTypeOptions, "nosniff")
        setIfAbsent(.referrerPolicy, "no-referrer")
        if path.hasPrefix("/api/") {
            setIfAbsent(.cacheControl, "no-store")
        } else {
            setIfAbsent(.xFrameOptions, "DENY")
            // Scripts only from /static: a name that slips an attribute past
            // the template's escaping (swift-mustache escapes a Character at
            // a time, so '"' with a combining mark passes) runs nothing.
            setIfAbsent(.contentSecurityPolicy, Self.pagePolicy)
        }
    }
}

/// HTTPTypes' field, which Hummingbird uses without exporting its name.
typealias HTTPField = HTTPFields.Element

extension HTTPField.Name {
    static let csrfToken = HTTPField.Name("X-CSRF-Token")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let filenameHeader = HTTPField.Name("X-Filename")!
}
