/// The text form of a command's result, as the command renders it: given
/// only when there is text to write, and keeping `--quiet`'s rule, so that
/// the command need not know the flag.
struct TextForm {
    let output: Output
    let quiet: Bool

    /// What the user asked to see: printed even with `--quiet`, which
    /// silences remarks, not answers.
    func line(_ text: String = "") {
        output.line(text)
    }

    /// A table, an answer as ``line(_:)`` is, written as it is laid out.
    func table(_ table: Table) {
        output.emit(table: table)
    }

    /// ``table(_:)`` of a table made in parts, a run of rows per core.
    func table(parts: [Table]) {
        output.emit(tableParts: parts)
    }

    /// ``line(_:)`` written at once, for a reader at the other end of a
    /// pipe while the command goes on.
    func streamedLine(_ text: String) {
        output.streamedLine(text)
    }

    /// What the command did, one line, which `--quiet` leaves out. The
    /// names in it come from archives and peers: a newline in one shows as
    /// ␊, as `list` shows it, and cannot forge a line of its own.
    func confirmation(_ text: String) {
        guard !quiet else { return }
        output.line(TerminalText.visible(text, keepingNewlines: false))
    }

    /// A remark on stderr, which `--quiet` leaves out too.
    func note(_ text: String) {
        output.note(text)
    }
}
