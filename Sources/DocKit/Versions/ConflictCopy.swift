/// A file a sync engine left when two devices changed a document at once:
/// one of the document's unresolved conflict versions, found by its name.
/// It lies beside the document, or, for a package, beside the file inside
/// it that both devices changed.
///
/// The names come from the engines themselves:
/// - Syncthing: `Notes.sync-conflict-20261122-120303-JZLXCF2.txt`;
/// - Nextcloud: `Notes (conflicted copy 2026-11-01 101010).txt`, with the
///   user before the date in newer clients;
/// - ownCloud: `Notes (Conflict 2026-11-01 101010).txt`, and the older
///   `Notes_conflict-20261101-101010.txt`;
/// - Dropbox: `Notes (Someone's conflicted copy 2026-11-01).txt`, numbered
///   `… (1))`, and its `(Selective Sync Conflict)` and `(Case Conflict)`;
/// - rclone bisync: `Notes.txt..path1` and `..path2` (1.60), and
///   `Notes.conflict1.txt` or `Notes.txt.conflict1` (later versions).
public struct ConflictCopy: Sendable, Hashable {
    /// The sync engine whose naming scheme the copy follows.
    public enum Engine: String, Sendable, Hashable, Codable, CaseIterable {
        case syncthing, nextcloud, owncloud, dropbox, rclone
    }

    /// The copy's own filename.
    public var name: RawPath
    /// The filename of the document it is a version of.
    public var original: RawPath
    /// The engine whose naming scheme the name matches.
    public var engine: Engine
    /// The device or user the name gives, where the engine writes one:
    /// Syncthing's short device ID (the device whose change won, not the
    /// one that wrote the copy), Nextcloud's user, Dropbox's account name,
    /// or rclone's side (`path1`, `path2`).
    public var device: String?
    /// What the engine wrote to tell one conflict from another (its
    /// timestamp, device and number): copies inside one package that share
    /// it came from the same conflict.
    public var marker: String

    /// nil when `name` is not a conflict copy's name.
    ///
    /// - Parameter name: A file's name, without its folder.
    public init?(_ name: RawPath) {
        let bytes = name.bytes
        guard Self.mayBeNamed(bytes), let parsed = Self.syncthing(bytes) ?? Self.bracketed(bytes) ?? Self.ownCloudLegacy(bytes) ?? Self.rclone(bytes) else { return nil }
        let original = parsed.original
        guard !original.isEmpty, original != Array(".".utf8), original != Array("..".utf8), !original.contains(UInt8(ascii: "/")) else { return nil }
        self.name = name
        self.original = RawPath(bytes: original)
        engine = parsed.engine
        device = parsed.device
        marker = parsed.marker
    }

    /// Whether `bytes` hold " (", "conflict" or "..", one of which every
    /// form below has: every name of a listing is asked, nearly all are
    /// no copy's, and those are then read once instead of once a form.
    private static func mayBeNamed(_ bytes: [UInt8]) -> Bool {
        // Read through a pointer: indexing the array checks each index
        // against its count, and slicing it retains it.
        bytes.withUnsafeBufferPointer { bytes in
            var index = 1
            while index < bytes.count {
                switch (bytes[index - 1], bytes[index]) {
                case (UInt8(ascii: " "), UInt8(ascii: "(")), (UInt8(ascii: "."), UInt8(ascii: ".")): return true
                case (UInt8(ascii: "c"), UInt8(ascii: "o")) where bytes[(index - 1)...].starts(with: conflictWord): return true
                default: index += 1
                }
            }
            return false
        }
    }

    private static let conflictWord = Array("conflict".utf8)

    private struct Parsed {
        var original: [UInt8]
        var engine: Engine
        var device: String?
        var marker: String
    }

    /// `BASE.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT`, the marker before the last extension.
    private static func syncthing(_ bytes: [UInt8]) -> Parsed? {
        guard let range = Self.occurrences(of: ".sync-conflict-", in: bytes).last else { return nil }
        var reader = NameReader(bytes, at: range.upperBound)
        guard reader.digits(8), reader.literal("-"), reader.digits(6), reader.literal("-") else { return nil }
        let deviceStart = reader.index
        while let byte = reader.peek, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || NameReader.isDigit(byte) { reader.index += 1 }
        guard reader.index > deviceStart, reader.atExtensionOrEnd else { return nil }
        let device = String(decoding: bytes[deviceStart..<reader.index], as: UTF8.self)
        return Parsed(original: Array(bytes[..<range.lowerBound] + bytes[reader.index...]), engine: .syncthing, device: device,
                      marker: String(decoding: bytes[range.upperBound..<reader.index], as: UTF8.self))
    }

    /// The forms with a parenthesised note before the extension:
    /// Nextcloud's, ownCloud's and Dropbox's.
    private static func bracketed(_ bytes: [UInt8]) -> Parsed? {
        for range in Self.occurrences(of: " (", in: bytes).reversed() {
            var reader = NameReader(bytes, at: range.upperBound)
            guard let (engine, device) = reader.conflictNote(), reader.literal(")"), reader.atExtensionOrEnd else { continue }
            return Parsed(original: Array(bytes[..<range.lowerBound] + bytes[reader.index...]), engine: engine, device: device,
                          marker: String(decoding: bytes[range.upperBound..<(reader.index - 1)], as: UTF8.self))
        }
        return nil
    }

    /// ownCloud's older `BASE_conflict-YYYYMMDD-HHMMSS.EXT`.
    private static func ownCloudLegacy(_ bytes: [UInt8]) -> Parsed? {
        guard let range = Self.occurrences(of: "_conflict-", in: bytes).last else { return nil }
        var reader = NameReader(bytes, at: range.upperBound)
        guard reader.digits(8), reader.literal("-"), reader.digits(6), reader.atExtensionOrEnd else { return nil }
        return Parsed(original: Array(bytes[..<range.lowerBound] + bytes[reader.index...]), engine: .owncloud, device: nil,
                      marker: String(decoding: bytes[range.upperBound..<reader.index], as: UTF8.self))
    }

    /// rclone bisync's `NAME..pathN`, `NAME.conflictN` and `BASE.conflictN.EXT`.
    private static func rclone(_ bytes: [UInt8]) -> Parsed? {
        if let range = Self.occurrences(of: "..path", in: bytes).last {
            var reader = NameReader(bytes, at: range.upperBound)
            if reader.digits(1), reader.index == bytes.count {
                let side = "path" + String(decoding: bytes[(range.upperBound)...], as: UTF8.self)
                return Parsed(original: Array(bytes[..<range.lowerBound]), engine: .rclone, device: side, marker: side)
            }
        }
        for range in Self.occurrences(of: ".conflict", in: bytes).reversed() {
            var reader = NameReader(bytes, at: range.upperBound)
            let digitsStart = reader.index
            while let byte = reader.peek, NameReader.isDigit(byte) { reader.index += 1 }
            guard reader.index > digitsStart, reader.atExtensionOrEnd else { continue }
            let side = "path" + String(decoding: bytes[digitsStart..<reader.index], as: UTF8.self)
            return Parsed(original: Array(bytes[..<range.lowerBound] + bytes[reader.index...]), engine: .rclone, device: side, marker: side)
        }
        return nil
    }
}

extension ConflictCopy {
    /// Where `pattern` occurs in `bytes`, first to last, without overlaps.
    /// Every name of every listing is asked, so this is a plain loop:
    /// the standard library's generic `ranges(of:)` cost a third of a
    /// listing's time.
    fileprivate static func occurrences(of pattern: StaticString, in bytes: [UInt8]) -> [Range<Int>] {
        let count = pattern.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return [] }
        return pattern.withUTF8Buffer { needle in
            var found: [Range<Int>] = []
            var start = 0
            let first = needle[0]
            while start <= bytes.count - count {
                if bytes[start] == first, (1..<count).allSatisfy({ bytes[start + $0] == needle[$0] }) {
                    found.append(start..<(start + count))
                    start += count
                } else {
                    start += 1
                }
            }
            return found
        }
    }
}

/// Reads a filename's bytes from left to right.
private struct NameReader {
    let bytes: [UInt8]
    var index: Int

    init(_ bytes: [UInt8], at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The marker ends the name, or the name's extension follows it.
    var atExtensionOrEnd: Bool { index == bytes.count || bytes[index] == UInt8(ascii: ".") }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else { return false }
        index += expected.count
        return true
    }

    mutating func digits(_ count: Int) -> Bool {
        guard bytes.count - index >= count, bytes[index..<(index + count)].allSatisfy(Self.isDigit) else { return false }
        index += count
        return true
    }

    /// `YYYY-MM-DD`.
    mutating func date() -> Bool { digits(4) && literal("-") && digits(2) && literal("-") && digits(2) }

    /// `YYYY-MM-DD HHMMSS`.
    mutating func dateAndTime() -> Bool { date() && literal(" ") && digits(6) }

    /// Text up to the first place where `rest` reads whole, then `rest`;
    /// nil when it never does.
    mutating func text(before rest: (inout NameReader) -> Bool) -> String? {
        let start = index
        for candidate in start..<bytes.count {
            var attempt = self
            attempt.index = candidate
            if rest(&attempt) {
                let text = String(decoding: bytes[start..<candidate], as: UTF8.self)
                self = attempt
                return text
            }
        }
        return nil
    }

    /// The note inside the parentheses, up to the closing one.
    mutating func conflictNote() -> (ConflictCopy.Engine, String?)? {
        let start = self
        if literal("conflicted copy ") {
            // Nextcloud: an optional user, then the date and time.
            guard let user = text(before: { $0.dateAndTime() && $0.peek == UInt8(ascii: ")") }), user.isEmpty || user.hasSuffix(" ") else { return nil }
            return (.nextcloud, user.isEmpty ? nil : String(user.dropLast()))
        }
        self = start
        if literal("Conflict ") {
            // ownCloud: an optional "from USER", then the date and time.
            guard let user = text(before: { $0.dateAndTime() && $0.peek == UInt8(ascii: ")") }), user.isEmpty || user.hasSuffix(" ") else { return nil }
            let named = user.hasPrefix("from ") ? String(user.dropFirst(5)) : user
            return (.owncloud, named.isEmpty ? nil : String(named.dropLast()))
        }
        self = start
        for kind in ["Selective Sync Conflict", "Case Conflict"] where literal(kind) {
            if literal(" ") { guard let _ = positiveNumber() else { return nil } }
            return (.dropbox, nil)
        }
        self = start
        // Dropbox: WHO's conflicted copy YYYY-MM-DD, optionally " (N)".
        for apostrophe in ["'", "\u{2019}"] {
            var attempt = start
            guard let who = attempt.text(before: { $0.literal("\(apostrophe)s conflicted copy ") && $0.date() }), !who.isEmpty else { continue }
            var numbered = attempt
            if numbered.literal(" ("), numbered.positiveNumber() != nil, numbered.literal(")") { attempt = numbered }
            self = attempt
            return (.dropbox, who)
        }
        self = start
        return nil
    }

    mutating func positiveNumber() -> Int? {
        let start = index
        while let byte = peek, Self.isDigit(byte) { index += 1 }
        guard index > start else { return nil }
        return Int(String(decoding: bytes[start..<index], as: UTF8.self))
    }
}
