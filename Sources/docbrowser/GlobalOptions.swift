import ArgumentParser
import DocKit
import Foundation
import Logging

/// Options every command takes, before or after its name.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Use DIR as docbrowser's home instead of $DOCBROWSER_HOME or $XDG_DATA_HOME/docbrowser.", valueName: "DIR"))
    var home: String?

    @Flag(name: .long, help: "Print one JSON document on stdout (JSON Lines for streams).")
    var json = false

    @Flag(name: [.short, .long], help: "Print no confirmations, progress or notes: only what was asked for (a listing, an answer) and errors.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print diagnostics on stderr.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together.") }
    }

    var output: Output { Output(json: json, quiet: quiet) }

    func bootstrapLogging() {
        let level: Logger.Level = verbose ? .debug : (quiet ? .critical : .warning)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
