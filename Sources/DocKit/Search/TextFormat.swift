/// Which of the text readers reads a type: the one for the most specific
/// type it conforms to, as XHTML is read as HTML rather than as XML, and
/// an XML property list as a property list.
enum TextFormat: Sendable, Hashable {
    case pdf, epub, office, iWorkPackage, rtf, html, markdown, json, propertyList, plainText

    /// The zip forms of the office families; their parts say which one a file is.
    private static let officeTypes = ["org.oasis-open.opendocument", "org.openxmlformats.openxml"] + OfficeDocumentPreviewer().contentTypes
    /// iWork's packages, which '09 wrote with its XML inside.
    private static let iWorkPackageTypes = ["com.apple.iwork.pages.pages", "com.apple.iwork.keynote.key", "com.apple.iwork.numbers.numbers"]
    private static let byType: [(type: String, format: TextFormat)] = [
        ("com.adobe.pdf", .pdf), ("org.idpf.epub-container", .epub),
    ] + officeTypes.map { ($0, .office) } + [
        ("public.rtf", .rtf), ("public.html", .html), ("public.xhtml", .html), ("net.daringfireball.markdown", .markdown),
        ("public.json", .json), ("com.apple.property-list", .propertyList), ("public.xml", .html), ("public.text", .plainText),
    ]

    /// Nil when no reader reads the type.
    init?(type: String, isPackage: Bool, registry: TypeRegistry) {
        let chain = Set(registry.conformanceChain(of: type).map { $0.lowercased() })
        if isPackage {
            guard Self.iWorkPackageTypes.contains(where: { chain.contains($0) }) else { return nil }
            self = .iWorkPackage
            return
        }
        guard let found = Self.byType.first(where: { chain.contains($0.type.lowercased()) }) else { return nil }
        self = found.format
    }
}
