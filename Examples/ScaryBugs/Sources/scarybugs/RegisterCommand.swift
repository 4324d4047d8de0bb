import ArgumentParser
import Foundation
import ScaryBugsKit

struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register Scary Bugs with docbrowser: its bug and archive types, and as the bugs' owner and editor."
    )

    @OptionGroup var shelf: ShelfOptions

    func run() async throws {
        try await reportingFailure {
            let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            let manifest = try shelf.shelf.registerApp(executable: executable)
            say("Registered \(manifest.identifier) (\(manifest.name ?? ScaryBugsManifest.name)), opening bugs with \(executable)")
        }
    }
}
