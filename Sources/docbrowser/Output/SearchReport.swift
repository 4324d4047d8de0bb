import DocBrowserReports
import DocKit

/// What `search --json` prints: see docs/JSON.md.
struct SearchReport: Encodable {
    /// One hit: the document, and what the index holds of it.
    struct Hit: Encodable {
        var document: String
        var listing: DocumentReport
        /// The words around the match, each match in `[` `]`.
        var snippet: String?
        /// `text`, `none` or `failed`; absent while it is not indexed yet.
        var extraction: String?
        /// Why its words could not be read, when `extraction` is `failed`.
        var reason: String?

        init(_ hit: SearchHit, registry: TypeRegistry) {
            document = hit.document.qualifiedName
            listing = DocumentReport(hit.document, registry: registry)
            snippet = hit.snippet.map { SearchReport.plainText(of: $0) }
            extraction = hit.extraction?.rawValue
            reason = hit.failureReason
        }
    }

    /// A document whose words this search failed to read, the first time.
    struct Failure: Encodable {
        var document: String
        var reason: String
    }

    var count: Int
    var hits: [Hit]
    var failures: [Failure]

    init(_ results: SearchResults, registry: TypeRegistry) {
        count = results.count
        hits = results.hits.map { Hit($0, registry: registry) }
        failures = results.newFailures.map { Failure(document: $0.document.qualifiedName, reason: $0.reason) }
    }

    /// Off a terminal, and in JSON, a match is marked `[like this]`.
    static func plainText(of snippet: SearchSnippet) -> String {
        snippet.text(markingMatchesWith: "[", "]")
    }
}
