import Foundation

/// An EPUB book by its package document (the OPF that
/// `META-INF/container.xml` names): title, author, and the entry of its
/// cover image. The zip is read by the archiver, one named entry at a
/// time under the preview's byte cap.
struct EPUBPreviewer: Previewer {
    /// `epub`, as notes and `--json` name this previewer.
    let name = "epub"
    /// The types it previews: EPUB and the types conforming to it.
    let contentTypes = ["org.idpf.epub-container"]

    private static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    private static let opf = "http://www.idpf.org/2007/opf"
    private static let dublinCore = "http://purl.org/dc/elements/1.1/"

    /// Makes the preview from the container and package documents.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The limits and tools.
    /// - Returns: A `document` preview: title, author, cover.
    /// - Throws: ``PreviewError`` when the archiver cannot read the book or it names no package document.
    func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let archive = PluginPreviewer.absolute(subject.path).description
        let containerXML = try await part("META-INF/container.xml", of: subject, archive: archive, context: context)
        let rootfile = XMLTextExtractor.Name(Self.container, "rootfile")
        let located = try extract(containerXML, with: XMLTextExtractor(attributeElements: [rootfile]), subject: subject)
        guard let packagePath = located.attributes[rootfile]?.first?["full-path"], !packagePath.isEmpty else {
            throw PreviewError(path: subject.path.description, reason: "META-INF/container.xml names no package document")
        }
        let item = XMLTextExtractor.Name(Self.opf, "item")
        let meta = XMLTextExtractor.Name(Self.opf, "meta")
        let title = XMLTextExtractor.Name(Self.dublinCore, "title")
        let creator = XMLTextExtractor.Name(Self.dublinCore, "creator")
        let package = try extract(try await part(packagePath, of: subject, archive: archive, context: context),
                                  with: XMLTextExtractor(fieldElements: [title, creator], attributeElements: [item, meta]), subject: subject)
        var preview = Preview(kind: .document, previewer: name)
        preview.fields.append(Preview.Field("format", "EPUB"))
        for (label, element) in [("title", title), ("author", creator)] {
            if let value = package.fields[element], !value.isEmpty { preview.fields.append(Preview.Field(label, VisibleText.visible(Substring(value)))) }
        }
        let items = package.attributes[item] ?? []
        // EPUB 3 marks the cover in the manifest; EPUB 2 names its id in a meta.
        let coverID = package.attributes[meta]?.first { $0["name"] == "cover" }?["content"]
        let cover = items.first { ($0["properties"] ?? "").split(separator: " ").contains("cover-image") }
            ?? coverID.flatMap { id in items.first { $0["id"] == id } }
        if let href = cover?["href"] {
            preview.fields.append(Preview.Field("cover", VisibleText.visible(Substring(Self.resolve(href, against: packagePath)))))
        }
        return preview
    }

    private func part(_ entry: String, of subject: PreviewSubject, archive: String, context: PreviewContext) async throws -> [UInt8] {
        let found: (bytes: [UInt8], isComplete: Bool)?
        do {
            found = try await context.tools.entry(entry, of: archive, maxBytes: context.options.structuredBytes)
        } catch {
            throw PreviewError(path: subject.path.description, reason: "\(error)")
        }
        guard let found else { throw PreviewError(path: subject.path.description, reason: "it has no \(VisibleText.visible(Substring(entry)))") }
        return found.bytes
    }

    private func extract(_ bytes: [UInt8], with extractor: XMLTextExtractor, subject: PreviewSubject) throws -> XMLTextExtractor.Result {
        do {
            return try extractor.extract(bytes)
        } catch {
            throw PreviewError(path: subject.path.description, reason: error.reason)
        }
    }

    /// An href of the package document as an entry name: relative to the
    /// package's folder, percent-escapes decoded, `..` taken back.
    static func resolve(_ href: String, against packagePath: String) -> String {
        var components = packagePath.split(separator: "/").dropLast().map(String.init)
        for component in (href.removingPercentEncoding ?? href).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
