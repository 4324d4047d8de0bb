import ArgumentParser
import Dispatch
import DocBrowserReports
import DocKit
import Foundation

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "List the documents, then report every change as it happens, until interrupted.",
        discussion: """
        The documents come first (then "gathered"), then one line per change: added, removed, \
        changed, renamed, or a change of state (incomplete to complete, downloaded, a conflict \
        appearing or resolved). Changes from any writer are seen, sync engines included; a burst, \
        such as a package copied in, is reported once it is over. With --json, each is one JSON \
        line. Ctrl-C (SIGINT) or SIGTERM stops it, with status 0.
        """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var where_: LocationOption

    @Option(help: ArgumentHelp("Watch a search instead: the documents QUERY matches, then each that starts or stops matching (as search --live).", valueName: "QUERY"))
    var query: String?

    /// A line of `--json`: see ``ChangeEventReport``.
    typealias Line = ChangeEventReport

    func run() async throws {
        let parsed = try query.map { try SearchQuery($0) }
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        if let parsed {
            let search = try context.documentSearch(catalog)
            return try await LiveSearchReporter(output: context.output, registry: catalog.registry)
                .report(search.live(parsed, in: where_.location.map { [$0] } ?? Location.allCases))
        }
        let changes = catalog.changes(in: where_.location.map { [$0] } ?? Location.allCases)
        try await UntilInterrupted.run {
            for try await event in changes {
                try report(event, registry: catalog.registry, output: context.output)
            }
        }
    }

    private func report(_ event: DocumentChanges.Event, registry: TypeRegistry, output: Output) throws {
        switch event {
        case .gathered(let documents):
            for document in documents {
                try output.event(Line(event: "present", document: document.qualifiedName, listing: DocumentReport(document, registry: registry))) { text in
                    text.streamedLine("  \(document.qualifiedName)\(Self.states(document))")
                }
            }
            try output.event(Line(event: "gathered", count: documents.count)) { text in
                text.note("\(documents.count) document\(documents.count == 1 ? "" : "s"); watching for changes (Ctrl-C stops)")
            }
        case .changed(let changes):
            for change in changes {
                try output.event(Line(change, registry: registry)) { text in
                    text.streamedLine(Self.describe(change))
                }
            }
        }
    }

    private static func states(_ document: Document) -> String {
        document.states.isEmpty ? "" : " (\(document.stateList.map(\.rawValue).joined(separator: ", ")))"
    }

    private static func describe(_ change: DocumentChange) -> String {
        let name = change.document.qualifiedName
        switch change.kind {
        case .added: return "added    \(name)\(states(change.document))"
        case .removed: return "removed  \(name)"
        case .changed: return "changed  \(name) (\(Formatting.size(change.document.size)))"
        case .renamed: return "renamed  \(change.previous?.qualifiedName ?? "?") → \(name)"
        case .stateChanged:
            let before = change.previous?.stateList.map(\.rawValue).joined(separator: ", ") ?? "?"
            return "state    \(name): \(before) → \(change.document.stateList.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
