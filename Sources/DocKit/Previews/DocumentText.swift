/// The first lines of the text a document holds, as a reader of the
/// document would see them: blank lines between paragraphs kept once,
/// none at either end, every line made visible and cut to the width.
extension Preview {
    /// Sets ``text`` from a document's text and notes what the limits left out.
    ///
    /// - Parameters:
    ///   - documentText: The text, as a tool or an XML reader extracted it.
    ///   - options: The lines and width the preview keeps to.
    ///   - source: What the text is, for the note (`the first page`).
    mutating func setDocumentText(_ documentText: String, options: PreviewOptions, source: String) {
        var lines: [Substring] = []
        for line in VisibleText.lines(of: documentText.replacing("\u{0C}", with: "\n")) {
            let trimmed = line[..<(line.lastIndex { !$0.isWhitespace }.map { line.index(after: $0) } ?? line.startIndex)]
            if trimmed.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        var cutLines = 0
        text = lines.prefix(options.maxLines).map { line in
            let (shown, wasCut) = VisibleText.cut(VisibleText.visible(line), to: options.lineWidth)
            if wasCut { cutLines += 1 }
            return shown
        }
        if lines.count > options.maxLines {
            notes.append("showing the first \(options.maxLines) of \(lines.count) lines of \(source)")
        }
        if cutLines > 0 {
            notes.append("\(cutLines) \(cutLines == 1 ? "line was" : "lines were") cut at \(options.lineWidth) columns (…)")
        }
    }
}
