import ArgumentParser
import Foundation

/// `startup-floor --home DIR types lookup --ext pdf`: docbrowser's command
/// line for a type lookup, parsed the same way (a root command with global
/// options, a command group, a command with an option group, all run
/// synchronously on the main thread as docbrowser runs a command that never
/// waits), which then answers from a constant instead of a registry.
public struct StartupFloor: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "startup-floor",
        abstract: "Parses a docbrowser command line and does nothing else.",
        version: "1",
        subcommands: [Types.self]
    )

    @OptionGroup var global: GlobalOptions

    public init() {}
}

struct GlobalOptions: ParsableArguments {
    @Option(help: "A home, as docbrowser's --home.") var home: String?
    @Flag(help: "JSON output, as docbrowser's --json.") var json = false
    @Flag(name: [.short, .long], help: "As docbrowser's --quiet.") var quiet = false
    @Flag(name: [.short, .long], help: "As docbrowser's --verbose.") var verbose = false
}

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "types", subcommands: [Lookup.self])
}

struct Lookup: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lookup")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Extensions to look up.") var ext: [String] = []
    @Argument(help: "Paths to look up.") var paths: [String] = []

    func run() throws {
        // What a lookup prints, so that writing it is paid too.
        for name in ext { print("\(name): com.adobe.pdf") }
    }
}
