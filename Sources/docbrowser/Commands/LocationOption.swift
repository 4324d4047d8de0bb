import ArgumentParser
import DocKit

/// `--local` or `--cloud`, at most one.
struct LocationOption: ParsableArguments {
    @Flag(name: .long, help: "Only the local Documents folder.")
    var local = false

    @Flag(name: .long, help: "Only the cloud container's Documents folder.")
    var cloud = false

    func validate() throws {
        if local && cloud { throw ValidationError("Give --local or --cloud, not both.") }
    }

    /// The location asked for, or nil for "both" (or "the preferred one").
    var location: Location? {
        local ? .local : (cloud ? .cloud : nil)
    }
}

extension DocumentQuery.SortKey: ExpressibleByArgument {}
extension Location: ExpressibleByArgument {}
