import Foundation

/// An XML or binary property list pretty-printed; a binary one that
/// `NSKeyedArchiver` wrote, as the object graph it archives
/// (`KeyedArchive`). Too large or not a property list after all, it is
/// left to the next previewer.
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
    /// - Throws: ``DocKitError/Code/malformed`` when the file is too large or not a property list, so the next
    ///   previewer takes over; ``DocKitError/Code/fileSystem`` when it cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        let options = context.options
        let bytes = try context.structuredBytes(of: subject)
        if bytes.starts(with: BinaryPropertyListCheck.magic), let root = try? BinaryPropertyList.decode(bytes), let archive = KeyedArchive(root) {
            return keyedArchivePreview(archive, format: "binary", options: options)
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value: Any
        do {
            value = try PropertyListDecoding.object(from: Data(bytes), format: &format)
        } catch {
            throw DocKitError(PreviewError(path: subject.path.description, reason: String(error.reason.trimmingPrefix("is "))))
        }
        var preview = Preview(kind: .propertyList, previewer: name)
        let formatName = switch format {
        case .binary: "binary"
        case .xml: "XML"
        default: "OpenStep"
        }
        if (value as? [String: Any])?["$archiver"] as? String == "NSKeyedArchiver",
           let converted = FoundationPropertyListValue.value(value), let archive = KeyedArchive(converted) {
            return keyedArchivePreview(archive, format: formatName, options: options)
        }
        preview.fields.append(Preview.Field("format", formatName))
        preview.fields.append(Preview.Field("root", Preview.describeRoot(value)))
        let formatter = StructuredValueFormatter(maxDepth: options.maxDepth, maxLines: options.maxLines, lineWidth: options.lineWidth)
        preview.addFormatted(formatter.format(value), options: options)
        return preview
    }

    private func keyedArchivePreview(_ archive: KeyedArchive, format: String, options: PreviewOptions) -> Preview {
        let resolution = archive.resolve(maxDepth: options.maxDepth)
        var preview = Preview(kind: .propertyList, previewer: name)
        preview.fields.append(Preview.Field("format", format))
        preview.fields.append(Preview.Field("archive", "NSKeyedArchiver, \(archive.objects.count) \(archive.objects.count == 1 ? "object" : "objects")"))
        preview.fields.append(Preview.Field("root", Preview.describeRoot(resolution.top)))
        let formatter = StructuredValueFormatter(maxDepth: options.maxDepth, maxLines: options.maxLines, lineWidth: options.lineWidth)
        preview.addFormatted(formatter.format(resolution.top), options: options)
        if resolution.cycles > 0 {
            preview.notes.append("\(resolution.cycles) \(resolution.cycles == 1 ? "reference leads" : "references lead") back to an object that holds it, shown as UID(n)")
        }
        if resolution.outOfRange > 0 {
            preview.notes.append("\(resolution.outOfRange) \(resolution.outOfRange == 1 ? "reference points" : "references point") past the archive's \(archive.objects.count) objects, shown as UID(n)")
        }
        if resolution.budgetExhausted {
            preview.notes.append("stopped resolving after \(KeyedArchive.maxResolvedObjects) objects; the rest are shown as UID(n)")
        }
        return preview
    }
}
