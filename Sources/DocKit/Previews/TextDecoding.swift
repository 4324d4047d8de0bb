/// Turns the head of a text file into characters: the encoding is told by
/// a byte-order mark, else by being valid UTF-8, else Latin-1, which any
/// byte sequence is.
struct TextDecoding: Sendable, Hashable {
    enum Encoding: String, Sendable, Hashable {
        case utf8 = "UTF-8"
        case utf8WithBOM = "UTF-8 with BOM"
        case utf16LittleEndian = "UTF-16LE with BOM"
        case utf16BigEndian = "UTF-16BE with BOM"
        case latin1 = "ISO-8859-1 (Latin-1, guessed: not valid UTF-8)"
    }

    var encoding: Encoding
    var text: String

    /// Nil when the bytes are binary: NUL characters do not occur in text,
    /// nor do many other control characters.
    /// `isComplete` is false when `bytes` is a head cut from a longer
    /// file, whose last character may be cut in the middle.
    static func decode(_ bytes: [UInt8], isComplete: Bool) -> TextDecoding? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            let body = isComplete ? Array(bytes.dropFirst(3)) : dropIncompleteUTF8Tail(Array(bytes.dropFirst(3)))
            guard !body.contains(0) else { return nil }
            return TextDecoding(encoding: .utf8WithBOM, text: String(decoding: body, as: UTF8.self))
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            if !isComplete, let last = units.last, (0xD800...0xDBFF).contains(last) { units.removeLast() }
            guard !units.contains(0) else { return nil }
            return TextDecoding(encoding: littleEndian ? .utf16LittleEndian : .utf16BigEndian, text: String(decoding: units, as: UTF16.self))
        }
        guard !bytes.contains(0) else { return nil }
        let body = isComplete ? bytes : dropIncompleteUTF8Tail(bytes)
        if let text = String(validating: body, as: UTF8.self) {
            return TextDecoding(encoding: .utf8, text: text)
        }
        // Latin-1 takes any byte, so random data would pass as text; data
        // full of control characters is not text in any 8-bit encoding.
        let controls = bytes.count { $0 < 0x20 && !Self.textControls.contains($0) }
        guard controls * 20 <= bytes.count else { return nil }
        return TextDecoding(encoding: .latin1, text: String(bytes.map { Character(Unicode.Scalar($0)) }))
    }

    private static let textControls: Set<UInt8> = [0x09, 0x0A, 0x0C, 0x0D, 0x1B]

    /// A head cut inside a multi-byte character is still valid UTF-8 once
    /// the partial character is dropped.
    static func dropIncompleteUTF8Tail(_ bytes: [UInt8]) -> [UInt8] {
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? Array(bytes.dropLast(back)) : bytes
        }
        return bytes
    }
}

/// Makes a line of text safe and fit to show on a terminal.
enum VisibleText {
    /// Tabs become spaces up to the next stop of 8; other control
    /// characters their Unicode control pictures (␛ for ESC), so that no
    /// byte of a document can move the cursor or change the terminal; C1
    /// controls, which some terminals obey too, become U+FFFD.
    static func visible(_ line: Substring) -> String {
        var result = ""
        var column = 0
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x09:
                let spaces = 8 - column % 8
                result += String(repeating: " ", count: spaces)
                column += spaces
                continue
            case 0x00..<0x20:
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result += "\u{2421}"
            case 0x80..<0xA0:
                result += "\u{FFFD}"
            default:
                result.unicodeScalars.append(scalar)
            }
            column += 1
        }
        return result
    }

    /// Cut to `width` characters, the last one replaced by `…` when
    /// anything was cut.
    static func cut(_ text: String, to width: Int) -> (text: String, wasCut: Bool) {
        guard text.count > width else { return (text, false) }
        return (String(text.prefix(width - 1)) + "…", true)
    }

    /// Lines of `text`, ended by LF or CRLF (one Character in Swift); a
    /// lone CR is kept, to be made visible.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }
}
