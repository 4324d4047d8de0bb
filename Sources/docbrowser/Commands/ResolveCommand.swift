import ArgumentParser
import DocBrowserReports
import DocKit

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a document's conflict: keep one version, and send the others to the Trash.",
        discussion: """
        In NSFileVersion's four steps: the version kept replaces the current one; the document is \
        catalogued afresh; the other versions go to the Trash; and only then, with no copy left, is the \
        conflict resolved. A package is rebuilt whole with the version's files and exchanged in one \
        step; the package as it was, holding every version, goes to the Trash. 'all' keeps every \
        version, each as a document of its own ("Name (version 2).ext"). An interrupted resolution \
        is finished or undone by the next docbrowser command, and every version stays whole somewhere.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "A path, or a name as 'list' shows it.", completion: DocumentNameCompletion.kind)
    var document: String

    @Option(name: .long, help: ArgumentHelp("current, newest, a version's number as 'versions' shows it, or all.", valueName: "version"))
    var keep: Keep

    @Flag(name: .long, help: "Say what would happen, and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Resolve a document a handler has open or an engine is still writing, and wait for other docbrowser processes instead of refusing.")
    var force = false

    struct Keep: ExpressibleByArgument {
        var choice: ConflictResolver.Choice

        init?(argument: String) {
            switch argument {
            case "current": choice = .current
            case "newest": choice = .newest
            case "all": choice = .all
            default:
                guard let number = Int(argument), number > 0 else { return nil }
                choice = .version(number)
            }
        }
    }

    /// What `--json` prints: see ``ResolutionReport``.
    typealias Report = ResolutionReport

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let document = try catalog.resolve(self.document)
        let resolver = ConflictResolver(catalog: catalog, trash: context.trash, force: force)
        let plan = dryRun ? try resolver.plan(document, keeping: keep.choice) : try resolver.resolve(document, keeping: keep.choice)
        try context.output.result(Report(plan, of: document, dryRun: dryRun)) { text in
            guard let line = describe(plan, of: document) else {
                text.note("\(document.qualifiedName) is not in conflict; nothing to do")
                return
            }
            text.line(line)
        }
    }

    /// The one line a resolution or its rehearsal is said in; nil when
    /// there was no conflict to resolve.
    private func describe(_ plan: ConflictResolver.Plan, of document: Document) -> String? {
        guard !plan.isEmpty else { return nil }
        let verb = dryRun ? "would keep" : "kept"
        var parts = ["\(verb) \(plan.kept.map(Self.describe) ?? "nothing")"]
        for separation in plan.separated {
            parts.append("\(dryRun ? "would keep" : "kept") \(Self.describe(separation.version)) as \(separation.name)")
        }
        if !plan.trashed.isEmpty {
            parts.append("\(dryRun ? "would move" : "moved") \(plan.trashed.map(Self.describe).joined(separator: ", ")) to the Trash")
        }
        return "\(dryRun ? "Resolving" : "Resolved") \(document.qualifiedName): \(parts.joined(separator: "; "))"
    }

    private static func describe(_ version: DocumentVersion) -> String {
        version.isCurrent ? "the current version" : "version \(version.number) (\(VersionReport.label(version)))"
    }
}
