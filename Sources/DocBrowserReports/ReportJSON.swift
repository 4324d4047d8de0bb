import DocKit
import Foundation

/// docs/JSON.md's text of reports, for `--json` on stdout and for the web
/// app's API alike, so that both give the same bytes.
public enum ReportJSON {
    /// docs/JSON.md's form: keys sorted, times in UTC to the millisecond,
    /// as ``Formatting/isoDate(_:)`` writes the ones reports hold as text.
    public static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Formatting.isoDate(date))
        }
        return encoder
    }

    /// A listing's document reports as one pretty JSON array, handed to
    /// `write` a run of documents at a time and in order, each report
    /// written by hand when it can be (``DocumentReport/appendPrettyJSONElement(to:)``).
    /// Every core makes the JSON of its own run, so that a listing of
    /// 100,000 documents is never held whole as JSON.
    ///
    /// - Parameters:
    ///   - makeTransform: Called once per run, so that what it caches is its own.
    ///   - write: Receives the array's bytes, its final newline included.
    public static func documentReports(
        _ listing: DocumentListing, _ makeTransform: @Sendable () -> (Document) throws -> DocumentReport, write: ([UInt8]) throws -> Void
    ) throws {
        let runLength = documentReportsRunLength
        try OrderedRuns.forEach(count: listing.count, runLength: runLength) { positions in
            let transform = makeTransform()
            let encoder = Self.encoder(pretty: true)
            var bytes: [UInt8] = []
            // A report's JSON is about 450 bytes: grown by doubling, the
            // run's bytes would be copied once more on average.
            bytes.reserveCapacity(runLength * 512)
            for position in positions {
                bytes += position == 0 ? firstElementOpening : elementOpening
                let report = try transform(listing[position])
                if !report.appendPrettyJSONElement(to: &bytes) {
                    appendIndented(try encoder.encode(report), to: &bytes)
                }
            }
            return bytes
        } then: { bytes in
            try write(bytes)
        }
        try write(closing(ofEmptyArray: listing.isEmpty))
    }

    /// Over 100,000 documents, runs of 2,048 held 12 MB more than these
    /// and took a third longer.
    private static let documentReportsRunLength = 512
    public static let firstElementOpening = Array("[\n  ".utf8)
    public static let elementOpening = Array(",\n  ".utf8)

    /// JSONEncoder's own form of an empty array.
    public static func closing(ofEmptyArray isEmpty: Bool) -> [UInt8] {
        Array((isEmpty ? "[\n\n]\n" : "\n]\n").utf8)
    }

    /// Indented a level, as inside the array; JSONEncoder leaves the
    /// empty line of an empty array unindented.
    public static func appendIndented(_ encoded: Data, to buffer: inout [UInt8]) {
        let newline = UInt8(ascii: "\n")
        encoded.withUnsafeBytes { bytes in
            var atLineStart = false
            for byte in bytes {
                if atLineStart && byte != newline { buffer += [0x20, 0x20] }
                buffer.append(byte)
                atLineStart = byte == newline
            }
        }
    }
}
