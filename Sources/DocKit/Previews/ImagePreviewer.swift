/// An image's format, pixel dimensions and colour depth, from its header.
public struct ImagePreviewer: Previewer {
    public let name = "image"
    public let contentTypes = [UTType.image]

    public init() {}

    public func preview(_ subject: PreviewSubject, in context: PreviewContext) throws -> Preview {
        guard let header = try ImageHeader.read(subject.path, reader: context.reader) else {
            throw PreviewError(path: subject.path.description, reason: "no PNG, JPEG, GIF, WebP, BMP or TIFF header")
        }
        var preview = Preview(kind: .image, previewer: name)
        preview.fields.append(Preview.Field("format", header.format))
        preview.fields.append(Preview.Field("dimensions", "\(header.width)×\(header.height) pixels"))
        if let colour = header.colour { preview.fields.append(Preview.Field("colour", colour)) }
        if !header.details.isEmpty { preview.fields.append(Preview.Field("details", header.details.joined(separator: ", "))) }
        return preview
    }
}
