import ArgumentParser
import ScaryBugsKit

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a bug, and the versions a sync engine left of it.")

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bug, by name or path.")
    var bug: String

    func run() async throws {
        try await reportingFailure {
            let shelf = shelf.shelf
            let document = try await shelf.openBug(bug)
            let shown = summary(of: await document.bug, image: await document.contents.image)
            let conflicts = try await document.document.unresolvedConflictVersions()
            try await document.document.close()
            say(shown)
            for version in conflicts {
                say("  in conflict with version \(version.number), from \(version.device ?? "another device")")
            }
        }
    }
}
