import Foundation

/// Columns of text aligned for a terminal, measured in the terminal's
/// columns (``TerminalColumns``). When the terminal is too narrow, the
/// NAME column (else the last) gives up width, and its cells are cut with
/// an ellipsis; on a pipe nothing is cut.
struct Table {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    /// Each cell is made one visible line here, before widths are
    /// measured, so that no name can split a row or move the cursor.
    mutating func append(_ row: [String]) {
        rows.append(row.map { TerminalText.visible($0, keepingNewlines: false) })
    }

    func render(width: Int? = Terminal.width) -> String {
        let all = [headers] + rows
        // Measured once: a listing has a row per document.
        let lengths = all.map { $0.map(TerminalColumns.count) }
        var widths = headers.indices.map { column in lengths.map { $0[column] }.max() ?? 0 }
        let shrinking = headers.firstIndex(of: "NAME") ?? headers.count - 1
        if let width, widths.count > 1 {
            let fixed = widths.indices.filter { $0 != shrinking }.map { widths[$0] }.reduce(0, +) + 2 * (widths.count - 1)
            widths[shrinking] = max(8, min(widths[shrinking], width - fixed))
        }
        var text = ""
        for (index, row) in all.enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() {
                var shown = cell
                var length = lengths[index][column]
                if length > widths[column] {
                    shown = TerminalColumns.prefix(cell, fitting: widths[column] - 1) + "…"
                    length = TerminalColumns.count(shown)
                }
                if column > 0 { line += "  " }
                line += shown
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - length) }
            }
            if index > 0 { text += "\n" }
            text += index == 0 ? Terminal.bold(line) : line
        }
        return text
    }
}
