import ArgumentParser

@main
struct ScaryBugsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scarybugs",
        abstract: "Scary Bugs: an example app built on DocKit, keeping bugs as documents in a docbrowser home.",
        discussion: """
        A bug is a package (NAME.scarybug) holding Bug.plist and its picture. The app registers \
        its own types with docbrowser, opens bugs that 'docbrowser open' hands it, edits them \
        with autosave, and shares them as a zipped .sbz through docbrowser's export plugin.
        """,
        subcommands: [
            OpenCommand.self, RegisterCommand.self, NewCommand.self, ShowCommand.self, EditCommand.self,
            ShareCommand.self, ReceiveCommand.self, ResolveCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )
}
