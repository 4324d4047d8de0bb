import Foundation

/// An XML or binary property list pretty-printed. Too large or not a
/// property list after all, it is left to the next previewer.
public struct PropertyListPreviewer: Previewer {
    /// `property list`, as notes and `--json` name this previewer.
    public let name = "property list"
    /// The types it previews: `com.apple.property-list` and the types conforming to it.
    public let contentTypes = ["com.apple.property-list"]

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: The property list pretty-printed, cut to the options' depth and lines.
    /// - Throws: ``PreviewError`` when the file is too large or not a property list, so the next
    ///   previewer takes over; ``FileSystemError`` when it cannot be read.
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
