/// The words of an HTML or XML document: the text between its tags, with
/// comments, scripts and styles left out, character references decoded
/// and white space collapsed; block elements end a line. A single
/// forward pass over the UTF-8, never a parser: a DTD's entities are
/// never expanded, and neither nesting nor an unclosed tag costs more than
/// the length of the document.
public enum HTMLText {
    /// Elements that begin a new line of text.
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tr",
        "td", "th", "ul", "title", "caption", "body", "head", "html",
    ]
    /// Elements whose contents are code or styling, never words.
    private static let hiddenElements: Set<String> = ["script", "style", "template", "svg", "math", "noscript"]

    /// The document's text.
    ///
    /// - Parameters:
    ///   - source: The document, already decoded.
    ///   - maxBytes: Reading stops once the text is this long; the caller cuts it exactly.
    /// - Returns: The text, lines ending at block elements.
    public static func text(_ source: String, maxBytes: Int) -> String {
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        var pendingSpace: UInt8?
        var index = 0

        func emit(_ byte: UInt8) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                if pendingSpace != 0x0A { pendingSpace = 0x20 }
            default:
                if let space = pendingSpace, !output.isEmpty { output.append(space) }
                pendingSpace = nil
                output.append(byte)
            }
        }
        func emit(_ piece: some Collection<UInt8>) {
            for byte in piece { emit(byte) }
        }

        while index < bytes.count, output.count < maxBytes {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                let (scalar, length) = reference(in: bytes, at: index)
                if let scalar {
                    emit(String(scalar).utf8)
                    index += length
                } else {
                    emit(byte)
                    index += 1
                }
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else {
                emit(byte)
                index += 1
                continue
            }
            if starts(bytes, at: index, with: "<!--") {
                index = find("-->", in: bytes, from: index + 4).map { $0 + 3 } ?? bytes.count
            } else if starts(bytes, at: index, with: "<![CDATA[") {
                let end = find("]]>", in: bytes, from: index + 9) ?? bytes.count
                emit(bytes[(index + 9)..<end])
                index = min(bytes.count, end + 3)
            } else if bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?") {
                index = find(">", in: bytes, from: index + 2).map { $0 + 1 } ?? bytes.count
            } else if isNameStart(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "/") {
                let closing = bytes[index + 1] == UInt8(ascii: "/")
                var cursor = index + (closing ? 2 : 1)
                let nameStart = cursor
                while cursor < bytes.count, cursor - nameStart < 32, isNameCharacter(bytes[cursor]) { cursor += 1 }
                let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
                let local = name.split(separator: ":").last.map(String.init) ?? name
                index = tagEnd(in: bytes, from: cursor)
                if blockElements.contains(local) { pendingSpace = 0x0A }
                let selfClosing = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
                if !closing, !selfClosing, hiddenElements.contains(local) {
                    index = findClosingTag(name, in: bytes, from: index) ?? bytes.count
                }
            } else {
                emit(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Just past the `>` that ends a tag, quoted attribute values skipped.
    private static func tagEnd(in bytes: [UInt8], from start: Int) -> Int {
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return bytes.count
    }

    /// Where `</name` begins, ASCII case ignored.
    private static func findClosingTag(_ name: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(("</" + name).utf8)
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            var matches = true
            for offset in 0..<pattern.count where lowercased(bytes[index + offset]) != pattern[offset] {
                matches = false
                break
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    /// A character reference at `index` (`&amp;`, `&#233;`, `&#xE9;`): its
    /// character and length; nil when it is none docbrowser knows.
    static func reference(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar?, Int) {
        var end = index + 1
        while end < bytes.count, end - index <= 32, bytes[end] != UInt8(ascii: ";"), isNameCharacter(bytes[end]) || bytes[end] == UInt8(ascii: "#") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else { return (nil, 0) }
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        let length = end - index + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return (nil, 0) }
            let scalar: Unicode.Scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
            return (scalar, length)
        }
        guard let value = HTMLEntities.named[body] else { return (nil, 0) }
        return (Unicode.Scalar(value), length)
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
        bytes[index...].starts(with: prefix.utf8)
    }

    private static func find(_ pattern: String, in bytes: [UInt8], from start: Int) -> Int? {
        PDFFacts.find(Array(pattern.utf8), in: bytes[...], from: start)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }
}
