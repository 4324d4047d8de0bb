import ArgumentParser
import DocKit

struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Show the preferred location for new and imported documents."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = CommandContext(global)
        let preferred = try ConfigurationFile(home: context.home).load().preferredLocation
        if global.json { try context.output.emit(json: ["preferred": preferred.rawValue]) } else { context.output.line(preferred.rawValue) }
    }
}
