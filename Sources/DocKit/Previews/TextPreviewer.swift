import Foundation

/// The first lines of a text file, from a bounded head of it.
public struct TextPreviewer: Previewer {
    /// `text`, as notes and `--json` name this previewer.
    public let name = "text"
    /// The types it previews: `public.text` and the types conforming to it.
    public let contentTypes = [UTType.text]

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: The first lines of a bounded head of the file, cut to the line width.
    /// - Throws: ``DocKitError/Code/malformed`` when the head holds NUL or control bytes;
    ///   ``DocKitError/Code/fileSystem`` when the file cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let head = try context.reader.read(subject.path, offset: 0, count: options.textHeadBytes)
        let isComplete = Int64(head.count) >= subject.size
        guard let decoded = TextDecoding.decode(head, isComplete: isComplete) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "binary content (NUL or control bytes), not shown as text"))
        }
        var lines = VisibleText.lines(of: decoded.text)
        // A file that ends with a newline has no empty last line.
        if isComplete, lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        if !isComplete, lines.count > 1 { lines.removeLast() }
        var preview = Preview(kind: .text, previewer: name)
        preview.fields.append(Preview.Field("encoding", decoded.encoding.rawValue))
        if decoded.text.contains("\r\n") { preview.fields.append(Preview.Field("line endings", "CRLF")) }
        preview.fields.append(Preview.Field("lines", isComplete ? "\(lines.count)" : "more than \(lines.count)"))
        var cutLines = 0
        for line in lines.prefix(options.maxLines) {
            let (text, wasCut) = VisibleText.cut(VisibleText.visible(line), to: options.lineWidth)
            if wasCut { cutLines += 1 }
            preview.text.append(text)
        }
        if lines.count > options.maxLines {
            preview.notes.append(isComplete
                ? "showing the first \(options.maxLines) of \(lines.count) lines"
                : "showing the first \(options.maxLines) lines")
        }
        if !isComplete {
            preview.notes.append("only the first \(head.count) of \(subject.size) bytes were read")
        }
        if cutLines > 0 {
            preview.notes.append("\(cutLines) \(cutLines == 1 ? "line was" : "lines were") cut at \(options.lineWidth) columns (…)")
        }
        return preview
    }
}
