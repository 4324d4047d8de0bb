/// Text bound for a person's terminal, made harmless in one place: names
/// and messages come from archives, sync peers and manifests, and an ESC,
/// a C1 control, a bidi override or a newline in them must show as what it
/// is instead of clearing the screen, reordering a line or splitting a
/// table row. JSON output is not touched: its encoder escapes them.
///
/// Our own styling (``Terminal/bold(_:)``) is carried through as
/// private-use marks and turned into escape sequences only after the text
/// is made visible, so no name can smuggle a real one in.
enum TerminalText {
    static let styleStart: Unicode.Scalar = "\u{F0000}"
    static let styleEnd: Unicode.Scalar = "\u{F0001}"
    static let boldStyle = "1"
    static let dimStyle = "2"

    /// One line: every control character visible, newlines and tabs too.
    static func line(_ text: String) -> String {
        styled(visible(text, keepingNewlines: false))
    }

    /// Several lines: as ``line(_:)``, but the newlines between lines stay.
    static func lines(_ text: String) -> String {
        styled(visible(text, keepingNewlines: true))
    }

    /// C0 controls as their Unicode control pictures (␛ for ESC, ␊ for a
    /// newline), DEL as ␡, and C1 controls and bidi controls as U+FFFD.
    static func visible(_ text: String, keepingNewlines: Bool) -> String {
        // Runs that need nothing replaced are copied whole: a long table is
        // mostly such a run.
        var result = ""
        var runStart = text.unicodeScalars.startIndex
        var index = runStart
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            let next = text.unicodeScalars.index(after: index)
            if let replacement = replacement(for: scalar, keepingNewlines: keepingNewlines) {
                result.unicodeScalars.append(contentsOf: text.unicodeScalars[runStart..<index])
                result.unicodeScalars.append(replacement)
                runStart = next
            }
            index = next
        }
        if runStart == text.unicodeScalars.startIndex { return text }
        result.unicodeScalars.append(contentsOf: text.unicodeScalars[runStart...])
        return result
    }

    private static func replacement(for scalar: Unicode.Scalar, keepingNewlines: Bool) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x20..<0x7F: nil
        case 0x0A where keepingNewlines: nil
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: nil
        }
    }

    /// Marks the text for bold; rendered by ``line(_:)`` and ``lines(_:)``.
    static func marked(_ text: String, style: String) -> String {
        "\(Character(styleStart))\(style)\(Character(styleStart))\(text)\(Character(styleEnd))"
    }

    private static func styled(_ visibleText: String) -> String {
        guard visibleText.unicodeScalars.contains(styleStart) || visibleText.unicodeScalars.contains(styleEnd) else { return visibleText }
        var result = ""
        var remainder = Substring(visibleText)
        while let start = remainder.unicodeScalars.firstIndex(of: styleStart) {
            result += remainder[..<start]
            let afterStart = remainder.unicodeScalars.index(after: start)
            guard let styleEndIndex = remainder.unicodeScalars[afterStart...].firstIndex(of: styleStart) else { break }
            let style = String(remainder[afterStart..<styleEndIndex])
            let body = remainder.unicodeScalars.index(after: styleEndIndex)
            let end = remainder.unicodeScalars[body...].firstIndex(of: styleEnd) ?? remainder.endIndex
            let text = String(remainder[body..<end])
            // A name can hold the marks too; only our own styles ever
            // become an escape sequence, so at worst a name turns bold.
            let known = style == boldStyle || style == dimStyle
            result += Terminal.usesColor && known ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
            remainder = end == remainder.endIndex ? "" : remainder[remainder.unicodeScalars.index(after: end)...]
        }
        return result + remainder
    }
}
