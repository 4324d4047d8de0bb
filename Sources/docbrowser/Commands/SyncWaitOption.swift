import ArgumentParser
import DocKit

/// `--wait[=SECONDS]`: wait, bounded, for sync engines to finish the
/// documents instead of refusing them as incomplete.
struct SyncWaitOption: ParsableArguments {
    static let defaultSeconds = 120.0
    static func help(_ option: String) -> ArgumentHelp {
        ArgumentHelp(
            """
            Wait until no sync engine is writing the document (complete, then unchanged for a second) \
            instead of refusing it; at most SECONDS in all (\(Int(defaultSeconds)) without a value). \
            Write it \(option)=SECONDS before a document named like a number.
            """,
            valueName: "seconds"
        )
    }

    @Option(name: .long, defaultAsFlag: defaultSeconds, help: help("--wait"))
    var wait: Double?

    func validate() throws {
        try Self.validate(wait, option: "--wait")
    }

    static func validate(_ seconds: Double?, option: String) throws {
        guard let seconds else { return }
        guard seconds.isFinite, seconds >= 0 else { throw ValidationError("\(option) takes a number of seconds, 0 or more.") }
    }

    /// The deadline starts now, before the first document.
    func start() -> SyncWait? { Self.start(wait) }

    static func start(_ seconds: Double?) -> SyncWait? {
        seconds.map { SyncWait(limit: .milliseconds(Int64(($0 * 1000).rounded()))) }
    }

    /// The document as it is once complete; as it is, without a wait.
    static func settled(_ document: Document, within wait: SyncWait?, in catalog: DocumentCatalog, output: Output) async throws -> Document {
        guard let wait else { return document }
        return try await SyncActivity.waitUntilComplete(document, in: catalog, within: wait) { reason in
            output.note("waiting for \(document.qualifiedName): \(reason)")
        }
    }
}
