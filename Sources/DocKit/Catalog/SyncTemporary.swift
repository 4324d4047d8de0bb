/// A file a sync engine or a download tool writes while a document
/// arrives or changes, and renames over the document when it is whole:
/// while one lies beside a document or inside a package, the document is
/// `incomplete`.
public struct SyncTemporary: Sendable, Hashable {
    /// The temporary's own name.
    public var name: RawPath
    /// The name of the document it becomes.
    public var document: RawPath
    /// Who writes such files, for messages.
    public var writer: String

    /// nil when `name` is no temporary docbrowser knows.
    ///
    /// - Parameter name: A file's name, without its folder.
    public init?(_ name: RawPath) {
        let bytes = name.bytes
        // Every name of a listing is judged here, and nearly all are
        // documents: each form starts with "." or "~", or ends in ".part"
        // or ".partial".
        guard bytes.first == UInt8(ascii: ".") || bytes.first == UInt8(ascii: "~") || Self.endsLikePart(bytes) else { return nil }
        // Every name of a listing is judged here: the literals are compared
        // as they are, never copied into arrays.
        func between(_ prefix: StaticString, _ suffix: StaticString) -> [UInt8]? {
            let head = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
            guard bytes.count > head.count + tail.count, bytes.starts(with: head), bytes.suffix(tail.count).elementsEqual(tail) else { return nil }
            return Array(bytes[head.count..<(bytes.count - tail.count)])
        }
        var document: [UInt8]?
        var writer = ""
        if let inner = between(".syncthing.", ".tmp") ?? between("~syncthing~", ".tmp") {
            (document, writer) = (inner, "Syncthing")
        } else if let inner = between("", ".partial") {
            // rclone: NAME.partial, or NAME.XXXXXXXX.partial with a random hex tag.
            (document, writer) = (Self.droppingHexTag(inner, length: 8) ?? inner, "rclone")
        } else if let inner = between("", ".part") {
            (document, writer) = (inner, "a sync client or download (.part)")
        } else if bytes.starts(with: ".~lock.".utf8) {
            // LibreOffice's lock file: the document is open, not arriving.
            return nil
        } else if let inner = between(".~", "") {
            (document, writer) = (inner, "Dropbox")
        } else if bytes.first == UInt8(ascii: "."), let tag = bytes.lastIndex(of: UInt8(ascii: "~")), tag > 1, bytes[tag - 1] == UInt8(ascii: "."),
                  tag + 1 < bytes.count, bytes[(tag + 1)...].allSatisfy(Self.isHexDigit) {
            // Nextcloud and ownCloud: .NAME.~XXXXXXXX
            (document, writer) = (Array(bytes[1..<(tag - 1)]), "Nextcloud or ownCloud")
        }
        guard let document, !document.isEmpty, !document.contains(UInt8(ascii: "/")), document != [UInt8(ascii: ".")],
              document != [UInt8(ascii: "."), UInt8(ascii: ".")]
        else { return nil }
        self.name = name
        self.document = RawPath(bytes: document)
        self.writer = writer
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func droppingHexTag(_ bytes: [UInt8], length: Int) -> [UInt8]? {
        guard bytes.count > length + 1, bytes[bytes.count - length - 1] == UInt8(ascii: "."),
              bytes.suffix(length).allSatisfy(isHexDigit)
        else { return nil }
        return Array(bytes.dropLast(length + 1))
    }

    /// The names a temporary of `document` takes that carry no random
    /// part, so that they can be looked for without listing the folder.
    static func fixedNames(of document: RawPath) -> [RawPath] {
        let bytes = document.bytes
        return [
            Array(".syncthing.".utf8) + bytes + Array(".tmp".utf8),
            Array("~syncthing~".utf8) + bytes + Array(".tmp".utf8),
            bytes + Array(".partial".utf8),
            bytes + Array(".part".utf8),
            Array(".~".utf8) + bytes,
        ].map { RawPath(bytes: $0) }
    }

    private static func endsLikePart(_ bytes: [UInt8]) -> Bool {
        bytes.last == UInt8(ascii: "t") && bytes.count > 5 && bytes[(bytes.count - 5)...].elementsEqual(".part".utf8)
            || bytes.last == UInt8(ascii: "l") && bytes.count > 8 && bytes[(bytes.count - 8)...].elementsEqual(".partial".utf8)
    }
}
