import ArgumentParser
import DocKit
import ScaryBugsKit

struct ReceiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "receive", abstract: "Bring the bugs in a shared .sbz archive onto the shelf.")

    @OptionGroup var shelf: ShelfOptions

    @Argument(help: "The archive.")
    var archive: String

    @Flag(help: "Put them in the cloud container rather than on this device.")
    var cloud = false

    func run() async throws {
        try await reportingFailure {
            let result = try await shelf.shelf.receive(RawPath(argument: archive), in: cloud ? .cloud : .local)
            for item in result.items {
                say("Received \(item.document)\(item.renamed ? " (renamed: the name was taken)" : "")")
            }
        }
    }
}
