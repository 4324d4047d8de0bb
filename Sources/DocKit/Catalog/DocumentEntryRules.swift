/// What in a Documents folder is not a document: hidden entries, the
/// Inbox, and what sync engines leave while they work.
enum DocumentEntryRules {
    enum Verdict: Equatable {
        case document
        /// An iCloud placeholder, `.Name.ext.icloud`, standing for `Name.ext`.
        case placeholder(standingFor: RawPath)
        /// A sync engine's temporary (``SyncTemporary``): the document it
        /// becomes is incomplete, or, when there is none yet, listed as
        /// an incomplete document of its own.
        case syncTemporary(SyncTemporary)
        /// A sync engine's conflict copy (``ConflictCopy``): a version of
        /// the document it names, which is then in conflict; when that one
        /// is gone, listed as it, in conflict.
        case conflictCopy(ConflictCopy)
        case ignored
    }

    static func verdict(for name: RawPath, atTopLevel: Bool) -> Verdict {
        let bytes = name.bytes
        if let target = placeholderTarget(name) { return .placeholder(standingFor: target) }
        if let temporary = SyncTemporary(name) { return .syncTemporary(temporary) }
        if bytes.first == UInt8(ascii: ".") { return .ignored }
        if atTopLevel, bytes == inbox { return .ignored }
        if let copy = ConflictCopy(name) { return .conflictCopy(copy) }
        return .document
    }

    /// `Name.ext` for `.Name.ext.icloud`; nil for any other name.
    static func placeholderTarget(_ name: RawPath) -> RawPath? {
        let bytes = name.bytes
        guard bytes.first == UInt8(ascii: "."), bytes.count > 1 + icloudSuffix.count, bytes.suffix(icloudSuffix.count).elementsEqual(icloudSuffix) else { return nil }
        return RawPath(bytes: Array(bytes.dropFirst().dropLast(icloudSuffix.count)))
    }

    // Made once: every name of a folder is judged.
    private static let icloudSuffix = Array(".icloud".utf8)
    private static let inbox = Array("Inbox".utf8)
}
