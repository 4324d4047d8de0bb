import DocBrowserReports
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
    /// The widest cell of each column so far, measured as cells are
    /// added: a table made in parts is laid out without measuring every
    /// cell again.
    private var cellWidths: [Int] = []
    /// A cell holding our styling's private-use marks must be rendered
    /// with the whole table, as it always was (see ``TerminalText``).
    private(set) var hasStyleMarks = false
    private var expectedRows = 0
    private static let sampledRows = 64

    init(_ headers: String...) {
        self.headers = headers
    }

    /// Each cell is made one visible line here, before widths are
    /// measured, so that no name can split a row or move the cursor.
    /// Makes room for `rows` rows: grown by doubling instead, a long
    /// listing's arrays would hold an old and a new buffer at once, and be
    /// up to twice the size they need. The text's room is judged from the
    /// first rows.
    mutating func reserveCapacity(rows: Int) {
        cellEnds.reserveCapacity(rows * headers.count)
        cellColumns.reserveCapacity(rows * headers.count)
        rowEnds.reserveCapacity(rows)
        expectedRows = rows
    }

    mutating func append(_ row: [String]) {
        for cell in row { appendCell(cell) }
        endRow()
    }

    /// Adds a cell to the row being made; ``endRow()`` ends it.
    mutating func appendCell(_ cell: String) {
        // Printable ASCII, most cells of a listing, is shown as it is
        // and takes a column a byte.
        if text.appendUTF8(of: cell, ifEvery: Self.isPrintableASCII) {
            return endCell(columns: cell.utf8.count)
        }
        let visible = TerminalText.visible(cell, keepingNewlines: false)
        if !hasStyleMarks, !visible.utf8.allSatisfy({ $0 < 0x80 }),
           visible.unicodeScalars.contains(where: { $0 == TerminalText.styleStart || $0 == TerminalText.styleEnd }) {
            hasStyleMarks = true
        }
        text += visible.utf8
        endCell(columns: TerminalColumns.count(visible))
    }

    /// ``appendCell(_:)`` for text held as UTF-8, made a string only when
    /// it is not printable ASCII.
    mutating func appendCell(utf8 cell: UnsafeBufferPointer<UInt8>) {
        guard cell.allSatisfy(Self.isPrintableASCII) else { return appendCell(String(decoding: cell, as: UTF8.self)) }
        text.append(contentsOf: cell)
        endCell(columns: cell.count)
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Ends the cell whose text was just added, `columns` wide.
    private mutating func endCell(columns: Int) {
        let column = cellEnds.count - (rowEnds.last ?? 0)
        cellEnds.append(UInt32(text.count))
        cellColumns.append(UInt32(columns))
        if column < cellWidths.count {
            cellWidths[column] = max(cellWidths[column], columns)
        } else if column == cellWidths.count {
            cellWidths.append(columns)
        }
    }

    /// Ends the row the cells since the last one make.
    mutating func endRow() {
        rowEnds.append(cellEnds.count)
        if rowEnds.count == Self.sampledRows, expectedRows > Self.sampledRows {
            text.reserveCapacity(text.count / Self.sampledRows * expectedRows * 9 / 8)
        }
    }

    var rowCount: Int { rowEnds.count }

    func render(width: Int? = Terminal.width) -> String {
        Self.render([self], width: width)
    }

    /// ``render(width:)`` of the table whose rows `parts` hold one after another.
    static func render(_ parts: [Table], width: Int? = Terminal.width) -> String {
        let layout = layout(of: parts, width: width)
        var bytes = layout.header
        for part in parts where part.rowCount > 0 {
            bytes.append(UInt8(ascii: "\n"))
            part.appendLines(0..<part.rowCount, as: layout, to: &bytes)
            bytes.removeLast()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The columns' widths, and the header line, marked bold: measured
    /// over every row once, so that rows can then be laid out in any
    /// order, a run of rows per core.
    struct Layout {
        fileprivate var widths: [Int]
        let header: [UInt8]
    }

    func layout(width: Int? = Terminal.width) -> Layout {
        Self.layout(of: [self], width: width)
    }

    /// The layout of tables with the same headers made in parts, a run of
    /// rows per core, as if their rows were one table's.
    static func layout(of parts: [Table], width: Int? = Terminal.width) -> Layout {
        let headers = parts.first?.headers ?? []
        var widths = headers.map(TerminalColumns.count)
        for part in parts {
            for (column, cellWidth) in part.cellWidths.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cellWidth)
            }
        }
        let shrinking = headers.firstIndex(of: "NAME") ?? headers.count - 1
        if let width, widths.count > 1 {
            let fixed = widths.indices.filter { $0 != shrinking }.map { widths[$0] }.reduce(0, +) + 2 * (widths.count - 1)
            widths[shrinking] = max(8, min(widths[shrinking], width - fixed))
        }
        var line: [UInt8] = []
        for (column, header) in headers.enumerated() {
            Self.add(Array(header.utf8), length: TerminalColumns.count(header), column: column, of: headers.count, widths: widths, to: &line)
        }
        return Layout(widths: widths, header: Array(Terminal.bold(String(decoding: line, as: UTF8.self)).utf8))
    }

    /// The lines of `rows`, each ended by a newline; cells are copied as
    /// the bytes they were kept as, and made text again only to be cut.
    func appendLines(_ rows: Range<Int>, as layout: Layout, to line: inout [UInt8]) {
        // One borrow of the text for all the rows: a slice per cell would
        // retain it, and the cores laying out runs would contend for its
        // count.
        text.withUnsafeBufferPointer { text in
            for row in rows {
                let first = row == 0 ? 0 : rowEnds[row - 1]
                let count = rowEnds[row] - first
                for column in 0..<count {
                    let cell = first + column
                    let start = cell == 0 ? 0 : Int(cellEnds[cell - 1])
                    let bytes = UnsafeBufferPointer(rebasing: text[start..<Int(cellEnds[cell])])
                    Self.add(bytes, length: Int(cellColumns[cell]), column: column, of: count, widths: layout.widths, to: &line)
                }
                line.append(UInt8(ascii: "\n"))
            }
        }
    }

    private static func add<Cell: Collection<UInt8>>(_ cell: Cell, length: Int, column: Int, of count: Int, widths: [Int], to line: inout [UInt8]) {
        // Spaces appended one by one: an array literal or a repeated
        // collection costs more to make than its few bytes, at each cell.
        if column > 0 {
            line.append(0x20)
            line.append(0x20)
        }
        var length = length
        if length > widths[column] {
            let shown = TerminalColumns.prefix(String(decoding: cell, as: UTF8.self), fitting: widths[column] - 1) + "…"
            length = TerminalColumns.count(shown)
            line += shown.utf8
        } else {
            line += cell
        }
        if column < count - 1 {
            for _ in length..<max(length, widths[column]) { line.append(0x20) }
        }
    }
}
