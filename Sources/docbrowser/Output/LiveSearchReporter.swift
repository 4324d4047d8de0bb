import Dispatch
import DocBrowserReports
import DocKit

/// `search --live` and `watch --query`: the matches, "gathered", then one
/// line per document that starts or stops matching, until SIGINT or
/// SIGTERM, which end it with status 0. With `--json`, each is a line of
/// its own (docs/JSON.md).
struct LiveSearchReporter {
    let output: Output
    let registry: TypeRegistry

    /// A line of `--json`.
    struct Line: Encodable {
        /// `match`, `gathered`, `started`, `stopped` or `unreadable`.
        var event: String
        var document: String?
        var hit: SearchReport.Hit?
        var count: Int?
        var reason: String?
    }

    func report(_ search: LiveSearch) async throws {
        let output = output, registry = registry
        try await UntilInterrupted.run {
            var kinds = DocumentKinds(registry: registry)
            for try await event in search {
                switch event {
                case .gathered(let hits):
                    for hit in hits {
                        try output.event(Line(event: "match", document: hit.document.qualifiedName, hit: SearchReport.Hit(hit, registry: registry))) { text in
                            SearchHitLines.lines(of: hit, kinds: &kinds).forEach(text.streamedLine)
                        }
                    }
                    try output.event(Line(event: "gathered", count: hits.count)) { text in
                        text.note("\(hits.count) document\(hits.count == 1 ? " matches" : "s match"); watching for changes (Ctrl-C stops)")
                    }
                case .started(let hits):
                    for hit in hits {
                        try output.event(Line(event: "started", document: hit.document.qualifiedName, hit: SearchReport.Hit(hit, registry: registry))) { text in
                            SearchHitLines.lines(of: hit, prefix: "started  ", kinds: &kinds).forEach(text.streamedLine)
                        }
                    }
                case .stopped(let documents):
                    for document in documents {
                        try output.event(Line(event: "stopped", document: document.qualifiedName)) { text in
                            text.streamedLine(TerminalText.visible("stopped  \(document.qualifiedName)", keepingNewlines: false))
                        }
                    }
                case .unreadable(let failures):
                    for failure in failures {
                        try output.event(Line(event: "unreadable", document: failure.document.qualifiedName, reason: failure.reason)) { _ in
                            output.textNote("\(failure.document.qualifiedName): its text could not be read (\(failure.reason)); it is found by its name only")
                        }
                    }
                }
            }
        }
    }
}
