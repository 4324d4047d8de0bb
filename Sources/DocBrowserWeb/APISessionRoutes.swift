import Hummingbird

/// `GET /api/session`: the session's CSRF token, for a client of the API
/// that has no page to read it from.
struct APISessionRoutes: Sendable {
    let sessions: Sessions

    struct Report: Encodable {
        var csrfToken: String
    }

    func add(to router: Router<WebRequestContext>) {
        router.get("/api/session") { _, context in
            try JSONResponse.make(Report(csrfToken: context.session?.csrfToken ?? ""))
        }
    }
}
