import Foundation

/// An XML or binary property list pretty-printed. Too large or not a
/// property list after all, it is left to the next previewer.
public struct PropertyListPreviewer: Previewer {
    public let name = "property list"
    public let contentTypes = ["com.apple.property-list"]

    public init() {}

    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let bytes = try context.structuredBytes(of: subject)
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value: Any
        do {
            value = try PropertyListDecoding.object(from: Data(bytes), format: &format)
        } catch {
            throw PreviewError(path: subject.path.description, reason: String(error.reason.trimmingPrefix("is ")))
        }
        var preview = Preview(kind: .propertyList, previewer: name)
        let formatName = switch format {
        case .binary: "binary"
        case .xml: "XML"
        default: "OpenStep"
        }
        preview.fields.append(Preview.Field("format", formatName))
        preview.fields.append(Preview.Field("root", Preview.describeRoot(value)))
        let formatter = StructuredValueFormatter(maxDepth: options.maxDepth, maxLines: options.maxLines, lineWidth: options.lineWidth)
        preview.addFormatted(formatter.format(value), options: options)
        return preview
    }
}
