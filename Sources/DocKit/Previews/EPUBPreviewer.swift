import Foundation

/// An EPUB book by its package document (``EPUBPackage``): title,
/// author, and the entry of its cover image.
struct EPUBPreviewer: Previewer {
    /// `epub`, as notes and `--json` name this previewer.
    let name = "epub"
    /// The types it previews: EPUB and the types conforming to it.
    let contentTypes = ["org.idpf.epub-container"]

    /// Makes the preview from the container and package documents.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The limits and tools.
    /// - Returns: A `document` preview: title, author, cover.
    /// - Throws: ``DocKitError/Code/malformed`` when the archiver cannot read the book or it names no package document.
    func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let archive = PluginPreviewer.absolute(subject.path).description
        let package: EPUBPackage
        do {
            package = try await EPUBPackage(archive: archive, tools: context.tools, maxBytes: context.options.structuredBytes)
        } catch {
            throw DocKitError(PreviewError(path: subject.path.description, reason: error.reason))
        }
        var preview = Preview(kind: .document, previewer: name)
        preview.fields.append(Preview.Field("format", "EPUB"))
        for (label, element) in [("title", EPUBPackage.title), ("author", EPUBPackage.creator)] {
            if let value = package.contents.fields[element], !value.isEmpty { preview.fields.append(Preview.Field(label, VisibleText.visible(Substring(value)))) }
        }
        if let cover = package.cover {
            preview.fields.append(Preview.Field("cover", VisibleText.visible(Substring(cover))))
        }
        return preview
    }
}
