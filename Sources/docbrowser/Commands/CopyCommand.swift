import ArgumentParser
import DocKit

struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy documents into a location, or out of docbrowser into a folder.",
        discussion: """
        --to local or cloud copies into that location, at the same place in its folders; \
        cloud:Work/ into that folder of it (cloud: alone is its top); any other value is a \
        folder on disk (write ./local for a folder named local), where the copy is a \
        plain file or folder to share. A package is copied whole, with its modes, times and \
        links, checked against changes made while it was copied, and put in place only when \
        complete. With --json, each event is one JSON line.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Documents: paths, or names as 'list' shows them.", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Option(name: .long, help: ArgumentHelp("local, cloud, a folder of either (cloud:Work/), or a folder on disk.", valueName: "WHERE"), completion: .directory)
    var to: String

    @Option(name: .long, help: "When the name is taken there: fail, rename (\"Name 2.ext\") or replace (the old one goes to the Trash).")
    var onConflict: ConflictPolicy = .fail

    @Flag(name: .long, help: "Copy documents a sync engine is still writing, and wait for other docbrowser processes instead of refusing.")
    var force = false

    @OptionGroup var syncWait: SyncWaitOption

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let documents = try DocumentArguments.resolve(documents, in: catalog, output: context.output)
        let copier = DocumentCopier(catalog: catalog, trash: context.trash, force: force)
        var failures = FailureCollector()
        let waiting = syncWait.start()
        for document in documents {
            do {
                let document = try await SyncWaitOption.settled(document, within: waiting, in: catalog, output: context.output)
                let result = if let destination = DocumentDestination(to) {
                    try await copier.copy(document, to: destination, onConflict: onConflict)
                } else {
                    try await copier.copy(document, toFolder: RawPath(argument: to), onConflict: onConflict)
                }
                try CopyReport.result(result, output: context.output)
            } catch {
                failures.record(error, about: document, output: context.output)
            }
        }
        try failures.finish()
    }
}

struct DuplicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate",
        abstract: "Copy documents beside themselves, as \"Name copy.ext\".",
        discussion: "Then \"Name copy 2.ext\", …, as the Finder names duplicates. With --json, each event is one JSON line."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Documents: paths, or names as 'list' shows them.", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Flag(name: .long, help: "Copy documents a sync engine is still writing, and wait for other docbrowser processes instead of refusing.")
    var force = false

    func run() throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let documents = try DocumentArguments.resolve(documents, in: catalog, output: context.output)
        let copier = DocumentCopier(catalog: catalog, trash: context.trash, force: force)
        var failures = FailureCollector()
        for document in documents {
            do {
                try CopyReport.result(try copier.duplicate(document), output: context.output)
            } catch {
                failures.record(error, about: document, output: context.output)
            }
        }
        try failures.finish()
    }
}
