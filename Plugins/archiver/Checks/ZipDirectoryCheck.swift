/// Judges a zip by its central directory before anything is written:
/// entry count and declared sizes against the limits, and the layout
/// against overlapping entries, the trick of "A better zip bomb" (David
/// Fifield, CVE-2019-13232), where many entries share one compressed
/// kernel and a small file expands without end. As Info-ZIP's fix does,
/// the span from each local header to the end of its data must be the
/// entry's own. A name in the directory that differs from the local
/// header's is refused as well: listings show one, libarchive writes the
/// other (Python's zipfile refuses it too).
package struct ZipDirectoryCheck {
    package let limits: ExtractionLimits

    package init(limits: ExtractionLimits) {
        self.limits = limits
    }

    package func check(path: String) throws(PluginFailure) {
        guard let file = ArchiveFile(path: path) else { return }
        let (keep, _) = limits.entries.addingReportingOverflow(1)
        guard let directory = try ZipDirectory.read(file, keep: max(keep, 1)) else { return }
        let records = directory.records
        if directory.count > limits.entries {
            let first = records.indices.contains(limits.entries) ? displayName(records[limits.entries].name) : "?"
            throw PluginFailure.refused(first, rule: "entry-count-limit",
                                        "the archive's directory lists \(directory.count) entries, more than the limit of \(limits.entries)")
        }
        try checkSizes(records, archiveSize: file.size)
        try checkLayout(records, file: file, directoryStart: directory.start)
    }

    private func checkSizes(_ records: [ZipDirectory.Record], archiveSize: Int64) throws(PluginFailure) {
        var declared: Int64 = 0
        for record in records {
            let (sum, overflow) = declared.addingReportingOverflow(record.uncompressedSize)
            declared = overflow ? .max : sum
        }
        var total: Int64 = 0
        for record in records {
            let (sum, overflow) = total.addingReportingOverflow(record.uncompressedSize)
            total = overflow ? .max : sum
            let name = displayName(record.name)
            if total > limits.bytes {
                throw PluginFailure.refused(name, rule: "total-size-limit",
                                            "the archive's directory lists \(declared) bytes of content, more than the limit of \(limits.bytes)")
            }
            if total > limits.totalRatioThreshold, limits.exceedsRatio(written: total, consumed: archiveSize) {
                throw PluginFailure.refused(name, rule: "compression-ratio-limit",
                                            "the archive's directory lists \(declared) bytes of content, more than \(limits.ratio) times the archive's own \(archiveSize) (a zip bomb?)")
            }
        }
    }

    private func checkLayout(_ records: [ZipDirectory.Record], file: ArchiveFile, directoryStart: Int64) throws(PluginFailure) {
        var spans: [(start: Int64, end: Int64, index: Int)] = []
        spans.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            let name = displayName(record.name)
            let offset = record.localHeaderOffset
            guard let header = file.read(at: offset, count: 30),
                  header[0] == 0x50, header[1] == 0x4B, header[2] == 3, header[3] == 4 else {
                throw PluginFailure.invalid("damaged zip: the directory points entry '\(name)' at no local header", entry: name, rule: "damaged-archive")
            }
            let nameLength = Int(le16(header, 26)), extraLength = Int(le16(header, 28))
            guard let localName = file.read(at: offset + 30, count: nameLength) else {
                throw PluginFailure.invalid("damaged zip: entry '\(name)' is cut short", entry: name, rule: "damaged-archive")
            }
            guard localName == record.name else {
                throw PluginFailure.refused(name, rule: "name-mismatch",
                                            "its local header names it '\(displayName(localName))' instead; tools would disagree on what it is")
            }
            let (end, overflow) = (offset + 30 + Int64(nameLength + extraLength)).addingReportingOverflow(record.compressedSize)
            guard !overflow, end <= directoryStart else {
                throw PluginFailure.refused(name, rule: "overlapping-entries", "its data runs into the archive's directory")
            }
            spans.append((offset, end, index))
        }
        spans.sort { $0.start < $1.start }
        for (earlier, later) in zip(spans, spans.dropFirst()) where later.start < earlier.end {
            throw PluginFailure.refused(displayName(records[later.index].name), rule: "overlapping-entries",
                                        "its bytes overlap those of entry '\(displayName(records[earlier.index].name))' (a zip bomb made of overlapping entries?)")
        }
    }
}
