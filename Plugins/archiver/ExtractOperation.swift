import ArchiveChecks
import ArgumentParser
import CArchive
#if canImport(Glibc)
import Glibc
#endif

/// `extract --archive FILE --staging DIR [limits] [--charset C]`
struct ExtractOperation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract an untrusted archive into an empty staging directory, or refuse it.",
        discussion: """
        Refused, naming the entry and the rule: absolute paths, '..' components, links whose \
        target leaves the archive, entries written through a link, hard links to outside, \
        device files, FIFOs and sockets, encrypted entries, names docbrowser reserves, zips whose \
        entries overlap or whose directory disagrees with their headers, and archives past the \
        limits (checked on a zip's directory first, then on the bytes actually written). \
        On refusal the staging directory is emptied.
        """,
        aliases: ["import"]
    )

    @Option(name: .long, help: "The archive to read.")
    var archive: String

    @Option(name: .long, help: "An empty directory that belongs to this run.")
    var staging: String

    @Option(name: .long, help: "Most entries accepted.")
    var maxEntries: Int = ExtractionLimits.standard.entries

    @Option(name: .long, help: "Most bytes written, in total.")
    var maxBytes: Int64 = ExtractionLimits.standard.bytes

    @Option(name: .long, help: "Highest ratio of written bytes to archive bytes, for one entry past 1 MiB and for the whole archive past 16 MiB.")
    var maxRatio: Int64 = ExtractionLimits.standard.ratio

    @Option(name: .long, help: "Most directories an entry may lie below.")
    var maxDepth: Int = ExtractionLimits.standard.depth

    @Option(name: .long, help: "Charset of zip names without the UTF-8 flag (default: UTF-8 when valid, else CP437).")
    var charset: String?

    func run() throws {
        ArchiverCommand.prepareLocale()
        // Modes are filtered (ImportedMode) and set explicitly; the
        // launcher's umask must not filter them a second time.
        umask(0)
        try EventStream.perform(subject: archive) { events in
            let staging = try StagingDirectory(path: staging)
            do {
                let reader = try ArchiveReader(path: archive, charset: charset)
                var limits = ExtractionLimits(entries: maxEntries, bytes: maxBytes, ratio: maxRatio)
                limits.depth = maxDepth
                var extractor = SafeExtractor(reader: reader, staging: staging, limits: limits, events: events)
                events.emit(try extractor.run())
            } catch {
                staging.removeContents()
                throw error
            }
        }
    }
}
