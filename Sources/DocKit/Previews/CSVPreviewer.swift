import Foundation

/// The first rows of a CSV (or tab-separated) file as a table, the first
/// row taken as the column names. Quoted fields may hold separators,
/// doubled quotes and line breaks (RFC 4180).
public struct CSVPreviewer: Previewer {
    /// `table`, as notes and `--json` name this previewer.
    public let name = "table"
    /// The types it previews: CSV and tab-separated text, and the types conforming to them.
    public let contentTypes = ["public.comma-separated-values-text", "public.tab-separated-values-text"]

    /// The widest a cell is shown; the rest of the line is for the others.
    static let cellWidth = 32

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: A `table` preview: the first row as column names, then up to ``PreviewOptions/maxLines`` rows.
    /// - Throws: ``DocKitError/Code/malformed`` when the content is binary or holds no rows;
    ///   ``DocKitError/Code/fileSystem`` when the file cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let head = try context.reader.read(subject.path, offset: 0, count: options.textHeadBytes)
        let isComplete = Int64(head.count) >= subject.size
        guard let decoded = TextDecoding.decode(head, isComplete: isComplete) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "binary content, not a table"))
        }
        let separator: Character = context.registry.conforms(subject.type, to: "public.tab-separated-values-text") ? "\t" : ","
        let maxRows = options.maxLines + 2
        var rows = Self.parse(decoded.text, separator: separator, maxRows: maxRows)
        // The last record of a cut head is probably cut too.
        if !isComplete, rows.count > 1, rows.count < maxRows { rows.removeLast() }
        guard let header = rows.first else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "no rows"))
        }
        let body = Array(rows.dropFirst())
        var preview = Preview(kind: .table, previewer: name)
        preview.fields.append(Preview.Field("encoding", decoded.encoding.rawValue))
        preview.fields.append(Preview.Field("columns", "\(header.count)"))
        func shown(_ cell: String) -> String {
            VisibleText.cut(VisibleText.visible(Substring(cell.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "⏎"))), to: Self.cellWidth).text
        }
        let shownBody = body.prefix(options.maxLines)
        // Ragged rows are padded, so that every row has every column.
        let width = max(header.count, shownBody.map(\.count).max() ?? 0)
        func padded(_ row: [String]) -> [String] { row + Array(repeating: "", count: width - row.count) }
        let shownRows = shownBody.map { padded($0).map(shown) }
        preview.table = Preview.Table(columns: padded(header).map(shown), rows: shownRows)
        if body.count > options.maxLines || !isComplete {
            preview.notes.append("showing the first \(shownRows.count) rows")
        }
        return preview
    }

    /// Records of `text`, at most `maxRows`.
    static func parse(_ text: String, separator: Character, maxRows: Int) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var fieldStarted = false
        var iterator = text.makeIterator()
        var pending: Character?
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return iterator.next()
        }
        while rows.count < maxRows, let character = next() {
            if inQuotes {
                if character == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { inQuotes = false; pending = following }
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty:
                inQuotes = true
                fieldStarted = true
            case separator:
                row.append(field)
                field = ""
                fieldStarted = false
            case "\n", "\r\n", "\r":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                fieldStarted = false
            default:
                field.append(character)
                fieldStarted = true
            }
        }
        if rows.count < maxRows, fieldStarted || !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
