/// An image's format, pixel dimensions and colour depth, from its header.
public struct ImagePreviewer: Previewer {
    /// `image`, as notes and `--json` name this previewer.
    public let name = "image"
    /// The types it previews: `public.image` and the types conforming to it.
    public let contentTypes = [UTType.image]

    /// Creates the previewer; it holds no state.
    public init() {}

    /// Makes the preview from a bounded read of the file.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The registry, reader and limits.
    /// - Returns: Format, pixel dimensions and colour depth.
    /// - Throws: ``DocKitError/Code/malformed`` when no PNG, JPEG, GIF, WebP, BMP or TIFF header is found;
    ///   ``DocKitError/Code/fileSystem`` when the file cannot be read.
    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        guard let header = try ImageHeader.read(subject.path, reader: context.reader) else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "no PNG, JPEG, GIF, WebP, BMP or TIFF header"))
        }
        var preview = Preview(kind: .image, previewer: name)
        preview.fields.append(Preview.Field("format", header.format))
        preview.fields.append(Preview.Field("dimensions", "\(header.width)×\(header.height) pixels"))
        if let colour = header.colour { preview.fields.append(Preview.Field("colour", colour)) }
        if !header.details.isEmpty { preview.fields.append(Preview.Field("details", header.details.joined(separator: ", "))) }
        return preview
    }
}
