import Foundation

/// Guesses a file's type from its first bytes, for files whose name says
/// nothing. A guess is only a guess: callers report it as one.
public enum ContentSniffer {
    /// A type guessed from content, and why.
    public struct Guess: Sendable, Hashable {
        /// The type identifier guessed.
        public var identifier: String
        /// What in the content gave it away, for the user.
        public var evidence: String
    }

    /// How much of the head of a file the sniffer reads.
    public static let headLength = 4096

    private struct Signature {
        var offset: Int
        var bytes: [UInt8]
        var identifier: String
        var evidence: String

        init(_ offset: Int, _ bytes: [UInt8], _ identifier: String, _ evidence: String) {
            self.offset = offset
            self.bytes = bytes
            self.identifier = identifier
            self.evidence = evidence
        }

        init(_ offset: Int, _ text: String, _ identifier: String, _ evidence: String) {
            self.init(offset, Array(text.utf8), identifier, evidence)
        }
    }

    // More specific signatures first: EPUB and OpenDocument are zips whose
    // first entry names them, so they must be tried before plain zip.
    private static let signatures: [Signature] = [
        Signature(0, "%PDF-", "com.adobe.pdf", "PDF header"),
        Signature(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "public.png", "PNG signature"),
        Signature(0, [0xFF, 0xD8, 0xFF], "public.jpeg", "JPEG start-of-image marker"),
        Signature(0, "GIF87a", "com.compuserve.gif", "GIF signature"),
        Signature(0, "GIF89a", "com.compuserve.gif", "GIF signature"),
        Signature(0, "II*\u{0}", "public.tiff", "TIFF signature"),
        Signature(0, "MM\u{0}*", "public.tiff", "TIFF signature"),
        Signature(0, "BM", "com.microsoft.bmp", "BMP signature"),
        Signature(8, "WEBP", "org.webmproject.webp", "RIFF WEBP header"),
        Signature(8, "WAVE", "com.microsoft.waveform-audio", "RIFF WAVE header"),
        Signature(8, "AVI ", "public.avi", "RIFF AVI header"),
        Signature(0, "fLaC", "org.xiph.flac", "FLAC signature"),
        Signature(0, "ID3", "public.mp3", "ID3 tag"),
        Signature(4, "ftypqt", "com.apple.quicktime-movie", "QuickTime ftyp box"),
        Signature(4, "ftypheic", "public.heic", "HEIC ftyp box"),
        Signature(4, "ftypM4A", "com.apple.m4a-audio", "M4A ftyp box"),
        Signature(4, "ftyp", "public.mpeg-4", "MPEG-4 ftyp box"),
        Signature(30, "mimetypeapplication/epub+zip", "org.idpf.epub-container", "EPUB mimetype entry"),
        Signature(30, "mimetypeapplication/vnd.oasis.opendocument.text", "org.oasis-open.opendocument.text", "OpenDocument mimetype entry"),
        Signature(30, "mimetypeapplication/vnd.oasis.opendocument.spreadsheet", "org.oasis-open.opendocument.spreadsheet", "OpenDocument mimetype entry"),
        Signature(30, "mimetypeapplication/vnd.oasis.opendocument.presentation", "org.oasis-open.opendocument.presentation", "OpenDocument mimetype entry"),
        Signature(0, [0x50, 0x4B, 0x03, 0x04], "public.zip-archive", "zip local header"),
        Signature(0, [0x50, 0x4B, 0x05, 0x06], "public.zip-archive", "empty zip"),
        Signature(0, [0x1F, 0x8B], "org.gnu.gnu-zip-archive", "gzip magic"),
        Signature(0, "BZh", "public.bzip2-archive", "bzip2 magic"),
        Signature(0, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "org.tukaani.xz-archive", "xz magic"),
        Signature(0, [0x28, 0xB5, 0x2F, 0xFD], "com.facebook.zstd-archive", "Zstandard magic"),
        Signature(0, [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "org.7-zip.7-zip-archive", "7z signature"),
        Signature(0, "Rar!\u{1A}\u{07}", "com.rarlab.rar-archive", "RAR signature"),
        Signature(257, "ustar", "public.tar-archive", "ustar header"),
        Signature(0, "bplist00", "com.apple.binary-property-list", "binary property list header"),
        Signature(0, [0x7F, 0x45, 0x4C, 0x46], "public.elf-binary", "ELF header"),
        Signature(0, "{\\rtf", "public.rtf", "RTF header"),
        Signature(0, "%!PS", "com.adobe.postscript", "PostScript header"),
        Signature(0, "BEGIN:VCARD", "public.vcard", "vCard header"),
        Signature(0, "BEGIN:VCALENDAR", "com.apple.ical.ics", "iCalendar header"),
        Signature(0, "#!", "public.shell-script", "#! line"),
        Signature(0, "<?xml", "public.xml", "XML declaration"),
        Signature(0, "<!DOCTYPE html", "public.html", "HTML doctype"),
        Signature(0, "<html", "public.html", "<html> tag"),
    ]

    /// The likely type of `head`, the first bytes of a file, or nil when
    /// nothing in it is telling.
    ///
    /// - Parameter head: The file's first bytes, ``headLength`` of them when
    ///   it has that many.
    /// - Returns: The type and what in the bytes gave it away.
    public static func guess(head: [UInt8]) -> Guess? {
        for signature in signatures where head.count >= signature.offset + signature.bytes.count {
            if head[signature.offset..<(signature.offset + signature.bytes.count)].elementsEqual(signature.bytes) {
                return Guess(identifier: signature.identifier, evidence: signature.evidence)
            }
        }
        guard !head.isEmpty, !hasControlCharacters(head) else { return nil }
        guard isUTF8(head) else {
            // Latin-1, Windows-1252, KOI8-R…: which one the bytes cannot
            // say, but they are text, as GIO and file(1) find.
            return Guess(identifier: UTType.plainText, evidence: "text in an 8-bit encoding (not UTF-8) without control characters")
        }
        if let first = head.first(where: { !Set(" \t\r\n".utf8).contains($0) }),
           first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
           (try? JSONSerialization.jsonObject(with: Data(head), options: [.fragmentsAllowed])) != nil {
            return Guess(identifier: "public.json", evidence: "parses as JSON")
        }
        return Guess(identifier: UTType.plainText, evidence: "valid UTF-8 text without control characters")
    }

    /// A NUL or another control character but tab, CR, LF and form feed:
    /// what text in any encoding but UTF-16 and UTF-32 never holds.
    static func hasControlCharacters(_ head: [UInt8]) -> Bool {
        head.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) || $0 == 0x7F }
    }

    /// Valid UTF-8. When the head fills the whole sample, a character cut
    /// in two by its end is not held against it; nothing else is.
    static func isUTF8(_ head: [UInt8]) -> Bool {
        let text = head.count == headLength ? head.dropLast(cutCharacterLength(head)) : head[...]
        return String(validating: text, as: UTF8.self) != nil
    }

    /// How many bytes at the end begin a multi-byte character that the
    /// sample's end cut short: a lead byte followed by fewer continuation
    /// bytes than it announces.
    static func cutCharacterLength(_ bytes: [UInt8]) -> Int {
        for length in 1...3 where bytes.count >= length {
            let byte = bytes[bytes.count - length]
            if byte & 0b1100_0000 == 0b1000_0000 { continue }
            let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return needed > length ? length : 0
        }
        return 0
    }
}
