import ArgumentParser
import DocKit

struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Show or switch the preferred location; switching moves every document there.",
        discussion: """
        Without an argument, shows the preferred location, and how many documents are still \
        in the other one. With one, makes it preferred and moves every document of the other \
        location there ("all or none": if a name is taken, nothing moves unless \
        --on-conflict says what to do). An interrupted switch is finished by running it again.
        """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "local or cloud.")
    var location: Location?

    @Option(name: .long, help: "When a name is taken in the new location: fail, rename or replace.")
    var onConflict: ConflictPolicy = .fail

    @Flag(name: .long, help: "Say what would happen, and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Move documents a handler has open, and wait for other docbrowser processes instead of refusing.")
    var force = false

    struct Status: Encodable {
        var preferred: String
        var remainingElsewhere: Int
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let progress = ProgressReporter(output: context.output)
        let switcher = StorageSwitcher(mover: DocumentMover(catalog: catalog, trash: context.trash, force: force, progress: progress.callback))
        guard let location else {
            let preferred = catalog.configuration.preferredLocation
            let remaining = try switcher.remaining(to: preferred).count
            if global.json {
                try context.output.emit(json: Status(preferred: preferred.rawValue, remainingElsewhere: remaining))
            } else {
                context.output.line(preferred.rawValue)
                if remaining > 0 {
                    let other: Location = preferred == .local ? .cloud : .local
                    context.output.note("\(remaining) document\(remaining == 1 ? " is" : "s are") still in \(other); 'docbrowser storage \(preferred)' moves \(remaining == 1 ? "it" : "them")")
                }
            }
            return
        }
        var failures = FailureCollector()
        if dryRun {
            try switcher.rehearse(to: location, onConflict: onConflict) { document, result in
                switch result {
                case .success(let plan):
                    try? MoveReport.plan(plan, output: context.output)
                case .failure(let error):
                    failures.record(error, output: context.output)
                    if global.json { try? context.output.emit(jsonLine: MoveReport.ErrorEvent(document: document.qualifiedName, message: "\(error)")) }
                }
            }
            try failures.finish()
            return
        }
        var moved = 0
        try switcher.switchPreferred(to: location, onConflict: onConflict) { document, result in
            switch result {
            case .success(let result):
                moved += 1
                try? MoveReport.result(result, output: context.output)
            case .failure(let error):
                failures.record(error, output: context.output)
                if global.json { try? context.output.emit(jsonLine: MoveReport.ErrorEvent(document: document.qualifiedName, message: "\(error)")) }
            }
        }
        context.output.note("the preferred location is \(location); \(moved) document\(moved == 1 ? "" : "s") moved")
        try failures.finish()
    }
}
