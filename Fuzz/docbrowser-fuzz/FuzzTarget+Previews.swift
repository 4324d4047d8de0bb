import DocKit
import Foundation

extension FuzzTarget {
    /// The built-in previewers read documents that a sync engine or an
    /// import brought in; each one is asked, whatever the file's type.
    static let previewTargets = [
        FuzzTarget(name: "previews", summary: "a document, previewed by every built-in previewer") { input, scratch in
            let file = RawPath(scratch.file("document", holding: input).path)
            let subject = PreviewSubject(path: file, name: "document", type: "public.data", fileKind: .regular, isPackage: false,
                                         size: Int64(input.count), modificationDate: Date(timeIntervalSince1970: 0))
            let context = PreviewContext(registry: TypeRegistry(types: [], claims: []), tools: PreviewTools(environment: [:], searchPath: []))
            _ = try? JSONPreviewer().preview(subject, in: context)
            _ = try? PropertyListPreviewer().preview(subject, in: context)
            _ = try? CSVPreviewer().preview(subject, in: context)
            _ = try? PDFPreviewer().headerPreview(subject, in: context)
            _ = try? ImagePreviewer().preview(subject, in: context)
            _ = try? TextPreviewer().preview(subject, in: context)
            _ = try? GenericPreviewer().preview(subject, in: context)
        },
        // Deep enough that the resolver follows every reference it may:
        // cycles, shared objects and UIDs past the objects all get reached.
        FuzzTarget(name: "keyed-archive", summary: "an NSKeyedArchiver property list, its object graph resolved from $top") { input, scratch in
            let file = RawPath(scratch.file("archive.plist", holding: input).path)
            let subject = PreviewSubject(path: file, name: "archive.plist", type: "com.apple.property-list", fileKind: .regular, isPackage: false,
                                         size: Int64(input.count), modificationDate: Date(timeIntervalSince1970: 0))
            let context = PreviewContext(registry: TypeRegistry(types: [], claims: []), options: PreviewOptions(maxLines: 200, maxDepth: 64), tools: PreviewTools(environment: [:], searchPath: []))
            _ = try? PropertyListPreviewer().preview(subject, in: context)
        },
        FuzzTarget(name: "office-xml", summary: "an office document's XML part, its paragraphs, fields and attributes extracted") { input, _ in
            let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
            let extractor = XMLTextExtractor(
                paragraphElements: [.init(text, "p"), .init(text, "h")], spaceElements: [.init(text, "s"), .init(text, "tab")],
                fieldElements: [.init("http://purl.org/dc/elements/1.1/", "title")],
                attributeElements: [.init("urn:oasis:names:tc:opendocument:xmlns:container", "rootfile")], maxParagraphs: 100
            )
            _ = try? extractor.extract(input)
        },
    ]
}
