import ArgumentParser
import DocKit
import ScaryBugsKit

struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "End a conflict a sync engine left: keep one version, and put the others in the Trash."
    )

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bug in conflict.")
    var bug: String

    @Option(help: ArgumentHelp("mine (this device's), newest, or a version's number as 'show' gives it.", valueName: "version"))
    var keep = "mine"

    func run() async throws {
        let choice: ConflictResolver.Choice
        switch keep {
        case "mine": choice = .current
        case "newest": choice = .newest
        default:
            guard let number = Int(keep), number > 0 else { throw ValidationError("--keep: mine, newest, or a version's number") }
            choice = .version(number)
        }
        try await reportingFailure {
            let plan = try shelf.shelf.resolveConflict(of: bug, keeping: choice)
            if plan.isEmpty {
                say("\(bug) is not in conflict")
            } else {
                say("Kept version \(plan.kept?.number ?? 0) of \(bug); \(plan.trashed.count) put in the Trash")
            }
        }
    }
}
