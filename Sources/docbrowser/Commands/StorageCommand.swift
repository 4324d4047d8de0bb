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

        The preferred location is this device's, but the cloud is shared: moving documents \
        to local takes them out of the cloud on every device that syncs it. \
        'storage local --keep-a-local-copy' keeps them in the cloud and copies them here \
        instead, as iOS offers "Keep a Local Copy" when iCloud Drive is turned off.
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

    @Flag(name: .long, help: "With 'local': leave the cloud's documents in the cloud, for the other devices, and copy them here.")
    var keepALocalCopy = false

    @OptionGroup var syncWait: SyncWaitOption

    func validate() throws {
        if keepALocalCopy && location != .local { throw ValidationError("--keep-a-local-copy goes with 'storage local'.") }
    }

    struct Status: Encodable {
        var preferred: String
        var remainingElsewhere: Int
    }

    /// A copy `--keep-a-local-copy` made, or would make, as move's events
    /// say a move.
    struct CopyEvent: Encodable {
        var event: String
        var document: String
        var path: String?
        var dryRun: Bool
    }

    func run() async throws {
        let context = CommandContext(global)
        let catalog = try context.documentCatalog()
        let progress = ProgressReporter(output: context.output, streamsEvents: true)
        let switcher = StorageSwitcher(mover: DocumentMover(catalog: catalog, trash: context.trash, force: force, progress: progress.callback))
        guard let location else {
            let preferred = catalog.configuration.preferredLocation
            let remaining = try switcher.remaining(to: preferred)
            try context.output.result(Status(preferred: preferred.rawValue, remainingElsewhere: remaining.count)) { text in
                text.line(preferred.rawValue)
                for line in StorageAdvice.lines(preferred: preferred, remaining: remaining) { text.note(line) }
            }
            return
        }
        if let waiting = syncWait.start() {
            // Documents that stay incomplete are refused below, by the switch itself.
            for document in try switcher.remaining(to: location) where !document.states.contains(.notDownloaded) {
                _ = try? await SyncWaitOption.settled(document, within: waiting, in: catalog, output: context.output)
            }
        }
        if keepALocalCopy {
            try keepLocalCopies(switcher, output: context.output)
            return
        }
        if location == .local, !dryRun {
            let leaving = try switcher.remaining(to: .local).filter { !$0.states.contains(.notDownloaded) }.count
            if leaving > 0 {
                context.output.note("\(leaving) document\(leaving == 1 ? "" : "s") leave\(leaving == 1 ? "s" : "") the cloud on every device that syncs it")
            }
        }
        var failures = FailureCollector()
        if dryRun {
            try switcher.rehearse(to: location, onConflict: onConflict) { document, result in
                switch result {
                case .success(let plan):
                    try? MoveReport.plan(plan, output: context.output)
                case .failure(let error):
                    failures.record(error, about: document, output: context.output)
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
                failures.record(error, about: document, output: context.output)
            }
        }
        context.output.note("the preferred location is \(location); \(moved) document\(moved == 1 ? "" : "s") moved")
        try failures.finish()
    }

    private func keepLocalCopies(_ switcher: StorageSwitcher, output: Output) throws {
        var failures = FailureCollector()
        let copied = try switcher.keepLocalCopies(dryRun: dryRun) { document, result in
            switch result {
            case .success(let copy?):
                try? output.event(CopyEvent(event: "copied", document: document.qualifiedName, path: copy.description, dryRun: false)) {
                    $0.confirmation("Copied \(document.qualifiedName) to \(copy)")
                }
            case .success(nil):
                try? output.event(CopyEvent(event: "copy", document: document.qualifiedName, dryRun: true)) {
                    $0.line("would copy \(document.qualifiedName) to local")
                }
            case .failure(let error):
                failures.record(error, about: document, output: output)
            }
        }
        if !dryRun {
            output.note("the preferred location is local; \(copied) document\(copied == 1 ? "" : "s") copied, and the cloud keeps \(copied == 1 ? "it" : "them") for the other devices")
        }
        try failures.finish()
    }
}
