import ArgumentParser
import DocKit
import ScaryBugsKit

/// The home the bugs are in: docbrowser's, found as docbrowser finds it,
/// so that a bug handed over by `docbrowser open` is on the same shelf.
struct ShelfOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The docbrowser home (default: $DOCBROWSER_HOME, then docbrowser's own).", valueName: "path"))
    var home: String?

    @Option(help: ArgumentHelp("Seconds between autosaves of an open bug.", valueName: "seconds"))
    var autosave: Double = 5

    var shelf: BugShelf {
        BugShelf(home: Home.resolve(explicit: home), autosaveInterval: .milliseconds(Int(autosave * 1000)))
    }
}
