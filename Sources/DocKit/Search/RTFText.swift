/// The words of an RTF document: its text with the control words, the
/// font and colour tables, pictures and field instructions left out,
/// `\'hh` escapes decoded as Windows-1252 and `\uN` as Unicode. One pass
/// over the bytes, keeping the groups in a stack of its own, so that no
/// nesting, unbalanced brace or cut-off file costs more than its length.
public enum RTFText {
    /// Groups whose contents are no text of the document.
    private static let hiddenDestinations: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "fldinst", "listtable", "listoverridetable", "rsidtbl",
        "generator", "themedata", "colorschememapping", "latentstyles", "datastore", "xmlnsdecls", "filetbl", "revtbl",
        "nonshppict", "bkmkstart", "bkmkend", "mmathPr", "pgdsctbl", "protusertbl", "userprops", "docvar", "xe", "tc",
    ]
    /// Control words that stand for a character.
    private static let characters: [String: String] = [
        "par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n", "tab": "\t", "cell": "\t",
        "emdash": "\u{2014}", "endash": "\u{2013}", "bullet": "\u{2022}", "lquote": "\u{2018}", "rquote": "\u{2019}",
        "ldblquote": "\u{201C}", "rdblquote": "\u{201D}", "emspace": " ", "enspace": " ", "qmspace": " ",
    ]

    private struct Group {
        var hidden = false
        /// How many characters stand in for each `\uN` for readers without Unicode (`\ucN`).
        var fallbackCount = 1
    }

    /// The document's text.
    ///
    /// - Parameters:
    ///   - bytes: The document, or a bounded head of it.
    ///   - maxBytes: Reading stops once the text is this long in UTF-8; the caller cuts it exactly.
    /// - Returns: The text; nil when the bytes do not begin with `{\rtf`.
    public static func text(_ bytes: [UInt8], maxBytes: Int) -> String? {
        var index = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? bytes.endIndex
        guard bytes[index...].starts(with: Array(#"{\rtf"#.utf8)) else { return nil }
        var output = String.UnicodeScalarView()
        var outputBytes = 0
        var stack: [Group] = []
        var group = Group()
        var fallbackToSkip = 0
        var highSurrogate: UInt32?

        func emit(_ scalar: Unicode.Scalar) {
            if fallbackToSkip > 0 {
                fallbackToSkip -= 1
                return
            }
            guard !group.hidden else { return }
            output.append(scalar)
            outputBytes += UTF8.width(scalar)
        }
        func emit(_ text: String) {
            for scalar in text.unicodeScalars { emit(scalar) }
        }

        while index < bytes.endIndex, outputBytes < maxBytes {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(group)
                fallbackToSkip = 0
            case UInt8(ascii: "}"):
                if let outer = stack.popLast() { group = outer }
                fallbackToSkip = 0
            case 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex else { break }
                let next = bytes[index]
                if isLetter(next) {
                    let start = index
                    while index < bytes.endIndex, index - start < 32, isLetter(bytes[index]) { index += 1 }
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    let parameter = number(in: bytes, at: &index)
                    if index < bytes.endIndex, bytes[index] == 0x20 { index += 1 }
                    switch word {
                    case "u":
                        guard let parameter else { break }
                        let unit = UInt32(truncatingIfNeeded: parameter < 0 ? parameter + 65536 : parameter) & 0xFFFF
                        if (0xD800...0xDBFF).contains(unit) {
                            highSurrogate = unit
                        } else if (0xDC00...0xDFFF).contains(unit), let high = highSurrogate {
                            emit(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) ?? "\u{FFFD}")
                            highSurrogate = nil
                        } else {
                            emit(Unicode.Scalar(unit) ?? "\u{FFFD}")
                        }
                        fallbackToSkip = group.fallbackCount
                    case "uc":
                        group.fallbackCount = max(0, min(parameter ?? 1, 16))
                    case "bin":
                        // Raw bytes follow, which may hold braces and backslashes.
                        index = min(bytes.endIndex, index + max(0, parameter ?? 0))
                    default:
                        if hiddenDestinations.contains(word) {
                            group.hidden = true
                        } else if let character = characters[word] {
                            emit(character)
                        }
                    }
                    continue
                }
                index += 1
                switch next {
                case UInt8(ascii: "'"):
                    let digits = bytes[index..<min(bytes.endIndex, index + 2)]
                    index += digits.count
                    if digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) {
                        emit(Windows1252.scalar(value))
                    }
                case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    emit(Unicode.Scalar(next))
                case UInt8(ascii: "~"):
                    emit(" ")
                case UInt8(ascii: "_"):
                    emit("-")
                case UInt8(ascii: "*"):
                    // An ignorable destination: readers that do not know it skip it.
                    group.hidden = true
                case 0x0A, 0x0D:
                    emit("\n")
                default:
                    break
                }
            default:
                emit(Windows1252.scalar(byte))
            }
        }
        return String(output)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// A control word's parameter: an optional minus and up to ten digits.
    private static func number(in bytes: [UInt8], at index: inout Int) -> Int? {
        var cursor = index
        let negative = cursor < bytes.endIndex && bytes[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        let start = cursor
        while cursor < bytes.endIndex, cursor - start < 10, (0x30...0x39).contains(bytes[cursor]) { cursor += 1 }
        guard cursor > start, let value = Int(String(decoding: bytes[start..<cursor], as: UTF8.self)) else { return nil }
        index = cursor
        return negative ? -value : value
    }
}
