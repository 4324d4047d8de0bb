import Foundation

/// Columns of text aligned for a terminal. The last column takes what
/// width is left and is cut with an ellipsis when the terminal is too
/// narrow; on a pipe nothing is cut.
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
        let lengths = all.map { $0.map(\.count) }
        var widths = headers.indices.map { column in lengths.map { $0[column] }.max() ?? 0 }
        if let width, widths.count > 1 {
            let fixed = widths.dropLast().reduce(0, +) + 2 * (widths.count - 1)
            widths[widths.count - 1] = max(8, min(widths[widths.count - 1], width - fixed))
        }
        var text = ""
        for (index, row) in all.enumerated() {
            var line = ""
            for (column, cell) in row.enumerated() {
                let length = lengths[index][column]
                if column > 0 { line += "  " }
                if length > widths[column] {
                    line += String(cell.prefix(widths[column] - 1)) + "…"
                } else {
                    line += cell
                    if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - length) }
                }
            }
            if index > 0 { text += "\n" }
            text += index == 0 ? Terminal.bold(line) : line
        }
        return text
    }
}
