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
            let context = PreviewContext(registry: TypeRegistry(types: [], claims: []))
            _ = try? JSONPreviewer().preview(subject, in: context)
            _ = try? PropertyListPreviewer().preview(subject, in: context)
            _ = try? CSVPreviewer().preview(subject, in: context)
            _ = try? PDFPreviewer().headerPreview(subject, in: context)
            _ = try? ImagePreviewer().preview(subject, in: context)
            _ = try? TextPreviewer().preview(subject, in: context)
            _ = try? GenericPreviewer().preview(subject, in: context)
        },
    ]
}
