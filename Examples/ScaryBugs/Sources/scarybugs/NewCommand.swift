import ArgumentParser
import DocKit
import Foundation
import ScaryBugsKit

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Make a bug.")

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The bug's name, without .scarybug.")
    var name: String

    @Option(help: "What the bug is called (default: its name).")
    var title: String?

    @Option(help: "How scary it is, 0 to 5.")
    var rating = 3

    @Option(help: ArgumentHelp("Its picture.", valueName: "file"))
    var image: String?

    @Flag(help: "Make it in the cloud container rather than on this device.")
    var cloud = false

    func validate() throws {
        guard ScaryBug.scariness.contains(rating) else { throw ValidationError("--rating: from 0 to 5") }
    }

    func run() async throws {
        try await reportingFailure {
            let picture = try image.map { try BugImage(contentsOf: URL(fileURLWithPath: $0)) }
            let bug = ScaryBug(title: title ?? name, rating: rating)
            let document = try await shelf.shelf.newBug(named: name, bug, image: picture, in: cloud ? .cloud : .local)
            try await document.document.close()
            say("Made \(document.document.path.lastComponent): \(summary(of: bug, image: picture))")
        }
    }
}
