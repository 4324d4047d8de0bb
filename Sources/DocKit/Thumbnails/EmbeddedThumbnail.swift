/// Where documents carry a thumbnail of their own: iWork keeps one in
/// `QuickLook/` (older versions `preview.jpg`), the seeds' packages a
/// `thumbImage`, ODF `Thumbnails/thumbnail.png`, OOXML
/// `docProps/thumbnail.jpeg`, an EPUB the cover its package document
/// names. A package holds it as a file; the zip forms as an entry, which
/// the archiver writes out.
enum EmbeddedThumbnail {
    /// The names looked for, most preferred first: the largest images
    /// (iWork's QuickLook thumbnail) before the smaller previews.
    static let names = [
        "QuickLook/Thumbnail.png", "QuickLook/Thumbnail.jpg", "preview.jpg", "Thumbnails/thumbnail.png",
        "docProps/thumbnail.jpeg", "docProps/thumbnail.jpg", "docProps/thumbnail.png",
        "thumbImage.png", "thumbImage.jpg", "thumbImage.jpeg", "thumbImage.gif",
    ]

    /// The types stored as zip archives that carry a thumbnail entry.
    static let zipDocumentTypes = [
        "org.oasis-open.opendocument", "org.openxmlformats.openxml", "org.idpf.epub-container",
        "com.apple.iwork.pages.sffpages", "com.apple.iwork.keynote.sffkey", "com.apple.iwork.numbers.sffnumbers",
        "com.apple.iwork.pages.pages", "com.apple.iwork.keynote.key", "com.apple.iwork.numbers.numbers",
    ]

    /// Whether a regular file of `type` is a zip whose entries to look in.
    static func isZipDocument(_ type: String, registry: TypeRegistry) -> Bool {
        zipDocumentTypes.contains { registry.conforms(type, to: $0) }
    }

    /// The first of ``names`` that is a regular file in the package (not
    /// a symbolic link, which could lead out of it).
    ///
    /// - Parameter package: The package directory.
    /// - Returns: The file's path and its name in the package, or `nil`.
    static func file(in package: RawPath) -> (path: RawPath, name: String)? {
        for name in names {
            let path = package.appending(name)
            if let status = try? FileStatus.of(path), status.kind == .regular { return (path, name) }
        }
        return nil
    }
}
