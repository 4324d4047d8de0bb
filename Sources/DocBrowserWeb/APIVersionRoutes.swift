import DocBrowserReports
import DocKit
import Foundation
import Hummingbird

/// A document's versions and their resolution, as `versions --json` and
/// `resolve --json` give them.
struct APIVersionRoutes: Sendable {
    let services: WebServices

    /// `keep`: `current`, `newest`, `all`, or a version's number.
    struct ResolveBody: Decodable {
        var keep: String
    }

    func add(to router: Router<WebRequestContext>) {
        router.get("/api/documents/{id}/versions") { _, context in
            let document = try services.document(context.parameters.get("id"))
            let versions = try services.call { try services.catalog.versions(of: document) }
            return try JSONResponse.make(VersionReport.All(versions))
        }
        router.post("/api/documents/{id}/resolve") { request, context in
            let document = try services.document(context.parameters.get("id"))
            let body = try await RequestJSON.decode(ResolveBody.self, from: request)
            let choice: ConflictResolver.Choice
            switch body.keep {
            case "current": choice = .current
            case "newest": choice = .newest
            case "all": choice = .all
            default:
                guard let number = Int(body.keep), number > 0 else { throw APIError.badRequest("keep is current, newest, all or a version's number") }
                choice = .version(number)
            }
            let resolver = ConflictResolver(catalog: services.catalog, trash: services.trash)
            let plan = try services.call { try resolver.resolve(document, keeping: choice) }
            return try JSONResponse.make(ResolutionReport(plan, of: document, dryRun: false))
        }
    }
}
