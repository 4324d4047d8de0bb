import DocBrowserReports
import DocKit
import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: the catalog's changes as server-sent events, the
/// lines `watch --json` prints: first `gathered` with the count, then one
/// event per change (`added`, `removed`, `changed`, `renamed`,
/// `stateChanged`), whoever made it, a sync engine included.
struct APIEventRoutes: Sendable {
    let services: WebServices

    func add(to router: Router<WebRequestContext>) {
        router.get("/api/events") { request, _ in
            var locations = Location.allCases
            if let text = request.uri.queryParameters.get("location") {
                guard let location = Location(rawValue: text) else { throw APIError.badRequest("location is local or cloud") }
                locations = [location]
            }
            let changes = services.catalog.changes(in: locations)
            let registry = services.registry
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: ResponseBody { writer in
                // A stream never ends by itself: it ends with the server.
                do {
                    for try await event in changes.cancelOnGracefulShutdown() {
                        switch event {
                        case .gathered(let documents):
                            try await writer.write(Self.event(ChangeEventReport(event: "gathered", count: documents.count)))
                        case .changed(let list):
                            for change in list {
                                try await writer.write(Self.event(ChangeEventReport(change, registry: registry)))
                            }
                        }
                    }
                } catch is CancellationError {}
                try await writer.finish(nil)
            })
        }
    }

    /// `event: NAME` and the report as one line of JSON.
    static func event(_ report: ChangeEventReport) throws -> ByteBuffer {
        let json = try ReportJSON.encoder(pretty: false).encode(report)
        return ByteBuffer(string: "event: \(report.event)\ndata: \(String(decoding: json, as: UTF8.self))\n\n")
    }
}
