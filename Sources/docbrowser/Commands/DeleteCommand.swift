import ArgumentParser
import DocKit

struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Move documents to the Trash, or remove them outright.",
        discussion: """
        The Trash is the freedesktop.org one, $XDG_DATA_HOME/Trash, with a .trashinfo for \
        each document, so file managers and trash-list show and restore it. A package goes \
        whole. With --json, each event is one JSON line.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Documents: paths, or names as 'list' shows them.", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Flag(name: .long, help: "Remove outright instead of moving to the Trash.")
    var permanent = false

    @Flag(name: .long, help: "Say what would happen, and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Delete documents a handler has open, and wait for other docbrowser processes instead of refusing.")
    var force = false

    @OptionGroup var syncWait: SyncWaitOption

    struct Event: Encodable {
        var event: String
        var document: String
        var path: String
        var trashName: String?
        var trashInfo: String?
        var dryRun: Bool
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let documents = try DocumentArguments.resolve(documents, in: catalog, output: context.output)
        let deleter = DocumentDeleter(catalog: catalog, trash: context.trash, force: force)
        var failures = FailureCollector()
        let waiting = syncWait.start()
        for document in documents {
            do {
                let document = try await SyncWaitOption.settled(document, within: waiting, in: catalog, output: context.output)
                if dryRun {
                    try deleter.rehearse(document)
                    try report(Event(event: permanent ? "delete" : "trash", document: document.qualifiedName, path: document.path.description, dryRun: true), context.output,
                               text: permanent ? "would delete \(document.qualifiedName) permanently" : "would move \(document.qualifiedName) to the Trash")
                    continue
                }
                let result = try await deleter.delete(document, permanently: permanent)
                try report(Event(event: permanent ? "deleted" : "trashed", document: document.qualifiedName, path: document.path.description, trashName: result.trashName, trashInfo: result.trashInfoPath?.description, dryRun: false), context.output,
                           text: permanent ? "Deleted \(document.qualifiedName)" : "Moved \(document.qualifiedName) to the Trash")
                if document.location == .cloud {
                    // The cloud is shared: the sync engine carries the deletion everywhere.
                    context.output.textNote(permanent
                        ? "\(document.qualifiedName) leaves the cloud on every device that syncs it"
                        : "\(document.qualifiedName) leaves the cloud on every device that syncs it; only this device's Trash holds it")
                }
            } catch {
                failures.record(error, about: document, output: context.output)
            }
        }
        try failures.finish()
    }

    /// A rehearsal's line is its answer, kept with `--quiet`.
    private func report(_ event: Event, _ output: Output, text: String) throws {
        try output.event(event) { form in
            if event.dryRun { form.line(text) } else { form.confirmation(text) }
        }
    }
}
