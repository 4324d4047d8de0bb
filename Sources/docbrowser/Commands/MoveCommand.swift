import ArgumentParser
import DocKit

struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move documents between the local and cloud locations.",
        discussion: """
        --to local or cloud keeps the document's folder; cloud:Work/ puts it in that folder \
        (cloud: alone is the top of the location). The filename stays. Within one file system the move is a single rename; across \
        file systems the document is copied to a hidden temporary, flushed to disk, renamed \
        into place, and only then removed from where it was. A killed move is finished or \
        undone by the next docbrowser command. With --json, each event is one JSON line.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Documents: paths, or names as 'list' shows them.", completion: DocumentNameCompletion.kind)
    var documents: [String]

    @Option(name: .long, help: ArgumentHelp("Where to: local, cloud, or a folder of either, such as cloud:Work/.", valueName: "WHERE"),
            completion: .list(Location.allCases.map(\.rawValue)))
    var to: String

    func validate() throws {
        if DocumentDestination(to) == nil {
            throw ValidationError("--to must be local, cloud, or a folder of either such as cloud:Work/, not '\(to)'.")
        }
    }

    @Option(name: .long, help: "When the name is taken there: fail, rename (\"Name 2.ext\") or replace (the old one goes to the Trash).")
    var onConflict: ConflictPolicy = .fail

    @Flag(name: .long, help: "Say what would happen, and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Move documents a handler has open, and wait for other docbrowser processes instead of refusing.")
    var force = false

    @OptionGroup var syncWait: SyncWaitOption

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let documents = try DocumentArguments.resolve(documents, in: catalog, output: context.output)
        let progress = ProgressReporter(output: context.output, streamsEvents: true)
        let to = DocumentDestination(to)!
        let mover = DocumentMover(catalog: catalog, trash: context.trash, force: force, progress: progress.callback)
        var failures = FailureCollector()
        let waiting = syncWait.start()
        for document in documents {
            do {
                let document = try await SyncWaitOption.settled(document, within: waiting, in: catalog, output: context.output)
                if dryRun {
                    try MoveReport.plan(try mover.rehearse(document, to: to, onConflict: onConflict), output: context.output)
                } else {
                    try MoveReport.result(try await mover.move(document, to: to, onConflict: onConflict), output: context.output)
                }
            } catch {
                failures.record(error, about: document, output: context.output)
            }
        }
        try failures.finish()
    }
}
