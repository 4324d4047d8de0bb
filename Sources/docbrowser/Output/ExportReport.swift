import DocKit

/// What `export --json` prints: ``ArchiveExporter/Summary`` in the words
/// the other commands use, where `entries` is a preview's list of archive
/// entries, not a count.
struct ExportReport: Encodable {
    var output: String
    var format: String
    var entryCount: Int
    var bytes: Int64
    var archiveBytes: Int64
    var ratio: Double

    init(_ summary: ArchiveExporter.Summary) {
        output = summary.output
        format = summary.format
        entryCount = summary.entries
        bytes = summary.bytes
        archiveBytes = summary.archiveBytes
        ratio = summary.ratio
    }
}
