import ArgumentParser
import DocBrowserReports
import DocKit
import Foundation

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find documents by what they say, their name, type, date, size, state, location or tags.",
        discussion: """
        Words match names and contents (word* any word starting so, "a phrase" words in a row), \
        ranked with names first. Predicates: kind:UTI (conformance-aware), name:GLOB, \
        modified:>2026-01-01 or modified:<7d (h, d, w), size:>10MB (KB, MB, GB in 1000s; KiB, MiB, GiB in 1024s), \
        state:inConflict, location:cloud, tag:NAME; joined by AND (or nothing), OR and NOT, with parentheses. \
        Matches show bold on a terminal, [like this] elsewhere. The index (Library/Catalog/search.sqlite) \
        is brought up to date at each search with the documents that changed; a document whose text \
        cannot be read is found by its name, and said once.
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var where_: LocationOption

    @Argument(help: ArgumentHelp("The query, quoted as one argument (or several, joined with spaces).", valueName: "QUERY"))
    var query: [String]

    @Option(help: ArgumentHelp("Show at most N hits.", valueName: "N"))
    var limit: Int?

    @Flag(help: "Empty the index and read every document again (never needed).")
    var rebuild = false

    @Flag(help: "Stay open: after the matches and \"gathered\", report each document that starts or stops matching, until interrupted.")
    var live = false

    func validate() throws {
        if query.isEmpty { throw ValidationError("Give a query, such as 'invoice kind:com.adobe.pdf'.") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if live, limit != nil { throw ValidationError("--live reports every match; it takes no --limit.") }
    }

    func run() async throws {
        let parsed = try SearchQuery(query.joined(separator: " "))
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let search = try context.documentSearch(catalog)
        if rebuild { try search.rebuild() }
        if live {
            return try await LiveSearchReporter(output: context.output, registry: catalog.registry)
                .report(search.live(parsed, in: where_.location.map { [$0] } ?? Location.allCases))
        }
        let results = try await search.run(parsed, in: where_.location.map { [$0] } ?? Location.allCases, limit: limit)
        for failure in results.newFailures {
            context.output.textNote("\(failure.document.qualifiedName): its text could not be read (\(failure.reason)); it is found by its name only")
        }
        let registry = catalog.registry
        try context.output.result(SearchReport(results, registry: registry)) { text in
            guard !results.hits.isEmpty else { return text.note("no documents match") }
            var kinds = DocumentKinds(registry: registry)
            for hit in results.hits {
                SearchHitLines.lines(of: hit, kinds: &kinds).forEach(text.line)
            }
        }
    }
}
