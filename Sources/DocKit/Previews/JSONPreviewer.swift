import Foundation

/// A JSON document pretty-printed, keys sorted (the decoder keeps no
/// order). Larger than ``PreviewOptions/structuredBytes`` or invalid, it
/// is left to the text previewer.
public struct JSONPreviewer: Previewer {
    /// `json`, as notes and `--json` name this previewer.
    public let name = "json"
    /// The types it previews: `public.json` and the types conforming to it.
    public let contentTypes = ["public.json"]

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: The document pretty-printed, keys sorted, cut to the options' depth and lines.
    /// - Throws: ``DocKitError/Code/malformed`` when the file is larger than ``PreviewOptions/structuredBytes`` or
    ///   not valid JSON, so the text previewer takes over; ``DocKitError/Code/fileSystem`` when it cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let bytes = try context.structuredBytes(of: subject)
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "not valid JSON"))
        }
        var preview = Preview(kind: .json, previewer: name)
        preview.fields.append(Preview.Field("root", Preview.describeRoot(value)))
        let formatter = StructuredValueFormatter(maxDepth: options.maxDepth, maxLines: options.maxLines, lineWidth: options.lineWidth)
        preview.addFormatted(formatter.format(value), options: options)
        return preview
    }
}
