import DocBrowserReports
import DocKit

/// How a hit reads in the text form: its name and kind, then the words
/// around the match, indented, bold on a terminal and `[like this]`
/// elsewhere. `search` and live searches print hits alike.
enum SearchHitLines {
    static func lines(of hit: SearchHit, prefix: String = "", kinds: inout DocumentKinds) -> [String] {
        var lines = [TerminalText.visible("\(prefix)\(hit.document.qualifiedName)\(hit.document.isFolder ? "/" : "")  \(kinds.kind(of: hit.document))", keepingNewlines: false)]
        if let snippet = hit.snippet {
            // Marked for bold, and made bold once the text is made visible.
            let marked = Terminal.usesColor
                ? snippet.text(markingMatchesWith: String(TerminalText.styleStart) + TerminalText.boldStyle + String(TerminalText.styleStart), String(TerminalText.styleEnd))
                : SearchReport.plainText(of: snippet)
            lines.append("    " + TerminalText.visible(marked, keepingNewlines: false))
        }
        return lines
    }
}
