import ArgumentParser
import DocKit

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings (HOME/config.json).",
        discussion: Configuration.Key.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "\n"),
        subcommands: [Get.self, Set.self, Unset.self, List.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show every setting and its value.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = CommandContext(global)
            let configuration = try ConfigurationFile(home: context.home).load()
            let effective = Dictionary(uniqueKeysWithValues: Configuration.Key.allCases.map {
                ($0.rawValue, configuration.effectiveValue(of: $0, home: context.home))
            })
            try context.output.result(effective) { text in
                for key in Configuration.Key.allCases {
                    let isSet = configuration[key] != nil
                    text.line("\(key.rawValue) = \(effective[key.rawValue]!)\(isSet ? "" : Terminal.dim("  (default)"))")
                }
            }
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print a setting's value (its default when unset).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The setting.") var key: String

        func run() throws {
            let context = CommandContext(global)
            let key = try Configuration.key(named: key)
            let value = try ConfigurationFile(home: context.home).load().effectiveValue(of: key, home: context.home)
            try context.output.result([key.rawValue: value]) { $0.line(value) }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a setting.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The setting.") var key: String
        @Argument(help: "Its new value.") var value: String

        func run() throws {
            let context = CommandContext(global)
            let key = try Configuration.key(named: key)
            let file = ConfigurationFile(home: context.home)
            try file.update { configuration throws(DocKitError) in
                try configuration.set(key, to: value)
            }
            // The text form says nothing, as `git config` does.
            try context.output.result([key.rawValue: file.load().effectiveValue(of: key, home: context.home)]) { _ in }
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset", abstract: "Return a setting to its default.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The setting.") var key: String

        func run() throws {
            let context = CommandContext(global)
            let key = try Configuration.key(named: key)
            let file = ConfigurationFile(home: context.home)
            try file.update { configuration throws(DocKitError) in
                configuration.unset(key)
            }
            try context.output.result([key.rawValue: file.load().effectiveValue(of: key, home: context.home)]) { _ in }
        }
    }
}
