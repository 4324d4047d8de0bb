/// What in a Documents folder is not a document: hidden entries, the
/// Inbox, and what sync engines leave while they work.
enum DocumentEntryRules {
    enum Verdict: Equatable {
        case document
        /// An iCloud placeholder, `.Name.ext.icloud`, standing for `Name.ext`.
        case placeholder(standingFor: RawPath)
        case ignored
    }

    static func verdict(for name: RawPath, atTopLevel: Bool) -> Verdict {
        let bytes = name.bytes
        if bytes.first == UInt8(ascii: ".") {
            return placeholderTarget(name).map { .placeholder(standingFor: $0) } ?? .ignored
        }
        if atTopLevel, bytes == Array("Inbox".utf8) { return .ignored }
        // Syncthing's temporaries are `~syncthing~NAME.tmp` (and hidden
        // `.syncthing.NAME.tmp`); browsers and rsync-like tools write `.part`.
        if bytes.starts(with: Array("~syncthing~".utf8)) { return .ignored }
        if bytes.count > 5, bytes.suffix(5).elementsEqual(Array(".part".utf8)) { return .ignored }
        return .document
    }

    /// `Name.ext` for `.Name.ext.icloud`; nil for any other name.
    static func placeholderTarget(_ name: RawPath) -> RawPath? {
        let bytes = name.bytes
        let suffix = Array(".icloud".utf8)
        guard bytes.count > 1 + suffix.count, bytes.first == UInt8(ascii: "."), bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return RawPath(bytes: Array(bytes.dropFirst().dropLast(suffix.count)))
    }
}
