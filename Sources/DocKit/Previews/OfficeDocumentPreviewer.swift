/// An OpenDocument, Office Open XML or iWork file (each a zip) by what it
/// says of itself: its title and author, the first lines of its text,
/// and the name of the thumbnail it carries. The zip is read by the
/// archiver, one named entry at a time and under a byte cap; the XML by
/// ``XMLTextExtractor``.
struct OfficeDocumentPreviewer: Previewer {
    /// `office document`, as notes and `--json` name this previewer.
    let name = "office document"
    /// The zip forms of the three families; an iWork package is a folder, shown as one.
    let contentTypes = [
        "org.oasis-open.opendocument.text", "org.oasis-open.opendocument.presentation", "org.oasis-open.opendocument.spreadsheet",
        "org.openxmlformats.wordprocessingml.document", "org.openxmlformats.presentationml.presentation",
        "org.openxmlformats.spreadsheetml.sheet",
        "com.apple.iwork.pages.sffpages", "com.apple.iwork.keynote.sffkey", "com.apple.iwork.numbers.sffnumbers",
    ]
    /// Office documents hold a few dozen parts; a media-heavy one hundreds.
    static let maxEntries = 4096

    private static let dublinCore = "http://purl.org/dc/elements/1.1/"
    private static let odfMeta = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"

    /// Makes the preview from the parts the archiver extracts.
    ///
    /// - Parameters:
    ///   - subject: The file to preview.
    ///   - context: The limits and tools.
    /// - Returns: A `document` preview: format, title, author, thumbnail and first lines.
    /// - Throws: ``DocKitError/Code/malformed`` when the archiver cannot list the file, or it is none of the three families.
    func preview(_ subject: PreviewSubject, in context: PreviewContext) async throws -> Preview {
        let archive = PluginPreviewer.absolute(subject.path).description
        let names: [String]
        do {
            names = try await context.tools.entryNames(of: archive, limit: Self.maxEntries)
        } catch {
            if error.code == .cancelled { throw error }
            throw DocKitError(PreviewError(path: subject.path.description, reason: "\(error)"))
        }
        let entries = Set(names)
        var preview = Preview(kind: .document, previewer: name)
        let lines = context.options.maxLines
        if entries.contains("content.xml") || entries.contains("meta.xml") {
            preview.fields.append(Preview.Field("format", "OpenDocument"))
            let meta = XMLTextExtractor(fieldElements: [.init(Self.dublinCore, "title"), .init(Self.odfMeta, "initial-creator"), .init(Self.dublinCore, "creator")])
            let fields = try await read("meta.xml", with: meta, archive: archive, context: context, into: &preview)?.fields ?? [:]
            addTitle(fields[.init(Self.dublinCore, "title")], author: fields[.init(Self.odfMeta, "initial-creator")] ?? fields[.init(Self.dublinCore, "creator")], to: &preview)
            addThumbnail(names.first { $0.hasPrefix("Thumbnails/thumbnail.") }, to: &preview)
            try await addText(.openDocument(maxParagraphs: lines), archive: archive, context: context, to: &preview)
        } else if entries.contains("[Content_Types].xml") {
            preview.fields.append(Preview.Field("format", "Office Open XML"))
            let core = XMLTextExtractor(fieldElements: [.init(Self.dublinCore, "title"), .init(Self.dublinCore, "creator")])
            let fields = try await read("docProps/core.xml", with: core, archive: archive, context: context, into: &preview)?.fields ?? [:]
            addTitle(fields[.init(Self.dublinCore, "title")], author: fields[.init(Self.dublinCore, "creator")], to: &preview)
            addThumbnail(names.first { $0.hasPrefix("docProps/thumbnail.") }, to: &preview)
            if let part = OfficeTextPart.officeOpenXML(names, maxParagraphs: lines).first {
                try await addText(part, archive: archive, context: context, to: &preview)
            }
        } else if entries.contains("Index.zip") || names.contains(where: { $0.hasPrefix("Index/") }) {
            preview.fields.append(Preview.Field("format", "iWork"))
            let thumbnail = ["preview.jpg", "QuickLook/Thumbnail.jpg", "preview-web.jpg", "preview-micro.jpg"].first { entries.contains($0) }
            addThumbnail(thumbnail, to: &preview)
            preview.notes.append("the text is in iWork's compressed binary form (Index), which docbrowser does not read")
        } else {
            throw DocKitError(PreviewError(path: subject.path.description, reason: "neither OpenDocument, Office Open XML nor iWork inside"))
        }
        return preview
    }

    /// One XML part read and extracted; nil, with a note, when it is missing or unreadable.
    private func read(_ entry: String, with extractor: XMLTextExtractor, archive: String, context: PreviewContext,
                      into preview: inout Preview) async throws -> XMLTextExtractor.Result? {
        let cap = context.options.structuredBytes
        let part: (bytes: [UInt8], isComplete: Bool)?
        do {
            part = try await context.tools.entry(entry, of: archive, maxBytes: cap)
        } catch {
            preview.notes.append("\(entry) was not read: \(error)")
            return nil
        }
        guard let part else { return nil }
        if !part.isComplete { preview.notes.append("\(entry) is larger than \(cap) bytes; only its start was read") }
        do {
            return try extractor.extract(part.isComplete ? part.bytes : TextDecoding.dropIncompleteUTF8Tail(part.bytes))
        } catch {
            preview.notes.append("\(entry) was not read: \(error.reason)")
            return nil
        }
    }

    private func addTitle(_ title: String?, author: String?, to preview: inout Preview) {
        if let title, !title.isEmpty { preview.fields.append(Preview.Field("title", VisibleText.visible(Substring(title)))) }
        if let author, !author.isEmpty { preview.fields.append(Preview.Field("author", VisibleText.visible(Substring(author)))) }
    }

    private func addThumbnail(_ entry: String?, to preview: inout Preview) {
        if let entry { preview.fields.append(Preview.Field("thumbnail", VisibleText.visible(Substring(entry)))) }
    }

    private func addText(_ part: OfficeTextPart, archive: String, context: PreviewContext, to preview: inout Preview) async throws {
        guard let result = try await read(part.entry, with: part.extractor, archive: archive, context: context, into: &preview) else { return }
        preview.setDocumentText(result.paragraphs.joined(separator: "\n"), options: context.options, source: part.entry)
        if result.hasMore { preview.notes.append("showing the first paragraphs of \(part.entry)") }
    }
}
