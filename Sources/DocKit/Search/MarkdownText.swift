/// The words of a Markdown document: heading and list markers, quote
/// marks, emphasis, code ticks and rules taken away, a link or image
/// kept as its text and its destination dropped (a URL is no word a
/// reader searches for, and would only crowd a snippet). Code in fenced
/// blocks and spans is kept: its names are words too.
public enum MarkdownText {
    /// The document's text, one line for each of its lines that holds any.
    ///
    /// - Parameter source: The document, already decoded.
    /// - Returns: The text.
    public static func text(_ source: String) -> String {
        var lines: [String] = []
        var fence: (marker: Character, length: Int)?
        for rawLine in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " }
            let run = line.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if run.count >= open.length, run.allSatisfy({ $0 == open.marker }), line.dropFirst(run.count).allSatisfy(\.isWhitespace) {
                    fence = nil
                } else {
                    lines.append(String(rawLine))
                }
                continue
            }
            if run.count >= 3, let marker = run.first, run.allSatisfy({ $0 == marker }) {
                fence = (marker, run.count)
                continue
            }
            if isRule(line) || isReferenceDefinition(line) { continue }
            lines.append(inline(blockContent(line)))
        }
        return lines.joined(separator: "\n")
    }

    /// `---`, `***`, `___` and setext underlines (`===`): no words.
    private static func isRule(_ line: Substring) -> Bool {
        let marks = line.filter { !$0.isWhitespace }
        guard marks.count >= 3, let first = marks.first, "-*_=".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// `[label]: https://…`, a link's destination given apart.
    private static func isReferenceDefinition(_ line: Substring) -> Bool {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return false }
        return line[line.index(after: close)...].first == ":"
    }

    /// A line without its quote marks, list marker, task box or heading marks.
    private static func blockContent(_ line: Substring) -> Substring {
        var rest = line
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.first == ">" {
                rest = rest.dropFirst()
            } else if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
                rest = rest.dropFirst(2)
            } else if let dot = rest.prefix(10).firstIndex(where: { $0 == "." || $0 == ")" }), dot > rest.startIndex,
                      rest[..<dot].allSatisfy(\.isASCII), rest[..<dot].allSatisfy(\.isNumber), rest[rest.index(after: dot)...].first == " " {
                rest = rest[rest.index(after: dot)...]
            } else {
                break
            }
        }
        for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) { rest = rest.dropFirst(4) }
        let hashes = rest.prefix { $0 == "#" }
        if (1...6).contains(hashes.count), rest.dropFirst(hashes.count).first?.isWhitespace ?? true {
            rest = rest.dropFirst(hashes.count)
            while rest.last == "#" || rest.last == " " { rest = rest.dropLast() }
        }
        return rest.drop { $0 == " " }
    }

    /// Emphasis, ticks and link syntax taken from a line's text. Markdown's
    /// syntax is ASCII, so the line is read as UTF-8 bytes; each closing
    /// bracket is looked for once, so no line costs more than its length.
    private static func inline(_ line: Substring) -> String {
        let bytes = Array(line.utf8)
        var finder = NextByte(bytes: bytes)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch byte {
            case UInt8(ascii: "\\") where next.map(isPunctuation) ?? false:
                result.append(next!)
                index += 1
            case UInt8(ascii: "*"), UInt8(ascii: "`"), UInt8(ascii: "["):
                break
            case UInt8(ascii: "~") where next == UInt8(ascii: "~"):
                index += 1
            case UInt8(ascii: "_"):
                // Inside a word (snake_case) an underscore is part of it.
                if index > 0, isWordByte(bytes[index - 1]), next.map(isWordByte) ?? false { result.append(byte) }
            case UInt8(ascii: "!") where next == UInt8(ascii: "["):
                break
            case UInt8(ascii: "]"):
                if next == UInt8(ascii: "("), let close = finder.next(UInt8(ascii: ")"), from: index + 2) {
                    index = close
                } else if next == UInt8(ascii: "["), let close = finder.next(UInt8(ascii: "]"), from: index + 2) {
                    index = close
                }
            case UInt8(ascii: "<"):
                if let close = finder.next(UInt8(ascii: ">"), from: index + 1) {
                    let inner = bytes[(index + 1)..<close]
                    // An autolink shows its address; an HTML tag shows nothing.
                    let isAddress = inner.contains(UInt8(ascii: "@")) || PDFFacts.find(Array("://".utf8), in: inner, from: inner.startIndex) != nil
                    if isAddress, !inner.contains(UInt8(ascii: " ")) { result += inner }
                    index = close
                } else {
                    result.append(byte)
                }
            default:
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// Letters, digits, and any byte of a character beyond ASCII.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Where a byte next occurs, for positions that only move forward:
    /// each byte value is searched for once per line.
    private struct NextByte {
        let bytes: [UInt8]
        var found: [UInt8: Int] = [:]

        mutating func next(_ byte: UInt8, from start: Int) -> Int? {
            if let position = found[byte], position >= start { return position < bytes.count ? position : nil }
            let position = bytes[min(start, bytes.count)...].firstIndex(of: byte) ?? bytes.count
            found[byte] = position
            return position < bytes.count ? position : nil
        }
    }
}
