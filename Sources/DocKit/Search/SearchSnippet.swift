/// A few words of a document around a match, as runs of text, each
/// marked when it is what the query found.
public struct SearchSnippet: Sendable, Hashable {
    /// One run of the snippet.
    public struct Part: Sendable, Hashable {
        public var text: String
        /// Whether these are words the query matched.
        public var isMatch: Bool
    }

    /// The runs, in order; newlines and tabs are spaces, so it is one line.
    public var parts: [Part]

    /// Reads FTS5's snippet, whose matches are between ``SearchIndex/matchStart``
    /// and ``SearchIndex/matchEnd``.
    init(marked text: String) {
        var parts: [Part] = []
        var run = ""
        var inMatch = false
        func close(_ isMatch: Bool) {
            if !run.isEmpty { parts.append(Part(text: run, isMatch: isMatch)) }
            run = ""
        }
        for character in text {
            switch character {
            case SearchIndex.matchStart: close(inMatch); inMatch = true
            case SearchIndex.matchEnd: close(inMatch); inMatch = false
            case "\n", "\r\n", "\r", "\t": run.append(" ")
            default: run.append(character)
            }
        }
        close(inMatch)
        // A fragment ending at a line's end would end in its newline's space.
        if let last = parts.last, !last.isMatch {
            let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
            if trimmed.isEmpty { parts.removeLast() } else { parts[parts.count - 1].text = trimmed }
        }
        self.parts = parts
    }

    /// The snippet with each match between `start` and `end`.
    public func text(markingMatchesWith start: String, _ end: String) -> String {
        parts.map { $0.isMatch ? start + $0.text + end : $0.text }.joined()
    }
}
