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
        var widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        if let width, widths.count > 1 {
            let fixed = widths.dropLast().reduce(0, +) + 2 * (widths.count - 1)
            widths[widths.count - 1] = max(8, min(widths[widths.count - 1], width - fixed))
        }
        return all.enumerated().map { index, row in
            let cells = row.enumerated().map { column, cell in
                let cut = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                return column == row.count - 1 ? cut : cut.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            let line = cells.joined(separator: "  ")
            return index == 0 ? Terminal.bold(line) : line
        }.joined(separator: "\n")
    }
}
