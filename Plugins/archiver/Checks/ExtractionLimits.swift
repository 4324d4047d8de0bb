/// What one import may cost, past which the archive is refused.
package struct ExtractionLimits {
    package var entries: Int
    package var bytes: Int64
    /// Written bytes per archive byte, for one entry and for the whole
    /// archive alike.
    package var ratio: Int64
    /// Small entries compress absurdly well (a file of zeros); only past
    /// this size does an entry's ratio say "bomb".
    package var ratioThreshold: Int64 = 1 << 20
    /// Nor does the whole archive's before it has written this much: a
    /// bomb of many small entries stays under the entry threshold.
    package var totalRatioThreshold: Int64 = 16 << 20
    /// Deeper than this no document goes; and each level costs a
    /// descriptor while the staging directory is finished or emptied.
    package var depth: Int = 1024

    package init(entries: Int, bytes: Int64, ratio: Int64) {
        self.entries = entries
        self.bytes = bytes
        self.ratio = ratio
    }

    package static let standard = ExtractionLimits(entries: 50_000, bytes: 8 << 30, ratio: 200)

    /// Whether `written` bytes from `consumed` archive bytes is past the
    /// ratio; never traps, whatever the archive claims.
    package func exceedsRatio(written: Int64, consumed: Int64) -> Bool {
        let (allowed, overflow) = ratio.multipliedReportingOverflow(by: max(consumed, 1))
        return !overflow && written > allowed
    }
}
