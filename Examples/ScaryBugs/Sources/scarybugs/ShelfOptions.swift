import ArgumentParser
import DocKit
import Foundation
import ScaryBugsKit

/// The home the bugs are in: docbrowser's, found as docbrowser finds it,
/// so that a bug handed over by `docbrowser open` is on the same shelf.
struct ShelfOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The docbrowser home (default: $DOCBROWSER_HOME, then docbrowser's own).", valueName: "path"))
    var home: String?

    @Option(help: ArgumentHelp("Seconds between autosaves of an open bug.", valueName: "seconds"))
    var autosave: Double = 5

    var shelf: BugShelf {
        // The app's entry point: the one place that reads the process's
        // environment, and hands it, with the user's Trash, to DocKit.
        let environment = ProcessInfo.processInfo.environment
        return BugShelf(home: Home.resolve(explicit: home, environment: environment), trash: .home(environment: environment),
                        environment: environment, autosaveInterval: .milliseconds(Int(autosave * 1000)))
    }
}
