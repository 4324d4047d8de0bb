import ArgumentParser
import DocKit
import ScaryBugsKit

struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "share", abstract: "Zip bugs into a .sbz archive to send to someone.")

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bugs, by name or path.")
    var bugs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write (NAME.sbz).", valueName: "file"))
    var output: String

    @Flag(help: "Replace an existing archive.")
    var force = false

    func run() async throws {
        try await reportingFailure {
            let summary = try await shelf.shelf.share(bugs, to: RawPath(argument: output), replacing: force)
            say("Shared \(bugs.count) bug\(bugs.count == 1 ? "" : "s") in \(output) (\(summary.format), \(summary.entries) entries, \(summary.archiveBytes) bytes)")
        }
    }
}
