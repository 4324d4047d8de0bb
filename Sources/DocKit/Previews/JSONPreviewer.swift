import Foundation

/// A JSON document pretty-printed, keys sorted (the decoder keeps no
/// order). Larger than ``PreviewOptions/structuredBytes`` or invalid, it
/// is left to the text previewer.
public struct JSONPreviewer: Previewer {
    public let name = "json"
    public let contentTypes = ["public.json"]

    public init() {}

    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let bytes = try context.structuredBytes(of: subject)
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw PreviewError(path: subject.path.description, reason: "not valid JSON")
        }
        var preview = Preview(kind: .json, previewer: name)
        preview.fields.append(Preview.Field("root", Preview.describeRoot(value)))
        let formatter = StructuredValueFormatter(maxDepth: options.maxDepth, maxLines: options.maxLines, lineWidth: options.lineWidth)
        preview.addFormatted(formatter.format(value), options: options)
        return preview
    }
}
