import Foundation

/// Columns of text aligned for a terminal, measured in the terminal's
/// columns (``TerminalColumns``). When the terminal is too narrow, the
/// NAME column (else the last) gives up width, and its cells are cut with
/// an ellipsis; on a pipe nothing is cut.
struct Table {
    var headers: [String]
    /// Every cell's text, one after another, and where each cell and row
    /// ends: a listing of 100,000 documents holds its table as a few
    /// megabytes of bytes, not as half a million strings.
    private var text: [UInt8] = []
    private var cellEnds: [UInt32] = []
    /// Each cell's width, measured once as it is added.
    private var cellColumns: [UInt32] = []
    private var rowEnds: [Int] = []
    /// A cell holding our styling's private-use marks must be rendered
    /// with the whole table, as it always was (see ``TerminalText``).
    private(set) var hasStyleMarks = false

    init(_ headers: String...) {
        self.headers = headers
    }

    /// Each cell is made one visible line here, before widths are
    /// measured, so that no name can split a row or move the cursor.
    mutating func append(_ row: [String]) {
        for cell in row {
            let visible = TerminalText.visible(cell, keepingNewlines: false)
            if !hasStyleMarks, !visible.utf8.allSatisfy({ $0 < 0x80 }),
               visible.unicodeScalars.contains(where: { $0 == TerminalText.styleStart || $0 == TerminalText.styleEnd }) {
                hasStyleMarks = true
            }
            text += visible.utf8
            cellEnds.append(UInt32(text.count))
            cellColumns.append(UInt32(TerminalColumns.count(visible)))
        }
        rowEnds.append(cellEnds.count)
    }

    func render(width: Int? = Terminal.width) -> String {
        var text = ""
        forEachLine(width: width) { index, line in
            if index > 0 { text += "\n" }
            text += line
        }
        return text
    }

    /// Each line in turn, the header first and marked bold, so that a long
    /// table can be written as it is laid out.
    func forEachLine(width: Int? = Terminal.width, _ body: (Int, String) -> Void) {
        var widths = headers.map(TerminalColumns.count)
        var measured = 0
        for end in rowEnds {
            for (column, cell) in (measured..<end).enumerated() where column < widths.count {
                widths[column] = max(widths[column], Int(cellColumns[cell]))
            }
            measured = end
        }
        let shrinking = headers.firstIndex(of: "NAME") ?? headers.count - 1
        if let width, widths.count > 1 {
            let fixed = widths.indices.filter { $0 != shrinking }.map { widths[$0] }.reduce(0, +) + 2 * (widths.count - 1)
            widths[shrinking] = max(8, min(widths[shrinking], width - fixed))
        }
        func line(_ cells: [(text: String, length: Int)]) -> String {
            var line = ""
            for (column, cell) in cells.enumerated() {
                var shown = cell.text
                var length = cell.length
                if length > widths[column] {
                    shown = TerminalColumns.prefix(cell.text, fitting: widths[column] - 1) + "…"
                    length = TerminalColumns.count(shown)
                }
                if column > 0 { line += "  " }
                line += shown
                if column < cells.count - 1 { line += String(repeating: " ", count: widths[column] - length) }
            }
            return line
        }
        body(0, Terminal.bold(line(headers.map { ($0, TerminalColumns.count($0)) })))
        var cell = 0
        for (row, end) in rowEnds.enumerated() {
            var cells: [(text: String, length: Int)] = []
            while cell < end {
                let start = cell == 0 ? 0 : Int(cellEnds[cell - 1])
                cells.append((String(decoding: text[start..<Int(cellEnds[cell])], as: UTF8.self), Int(cellColumns[cell])))
                cell += 1
            }
            body(row + 1, line(cells))
        }
    }
}
