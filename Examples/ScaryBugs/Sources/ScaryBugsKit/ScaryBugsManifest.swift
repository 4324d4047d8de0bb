import Foundation

/// Who Scary Bugs is to docbrowser, as its Info.plist would say on iOS:
/// the bug type it exports, the archive type it shares bugs in, and that
/// it owns and edits bugs.
public enum ScaryBugsManifest {
    /// The app's bundle identifier, under which it registers as a handler.
    public static let identifier = "org.docbrowser.example.scarybugs"
    /// The app's name, as docbrowser shows it among handlers and holders.
    public static let name = "Scary Bugs"
    /// A bug document: a package holding `Bug.plist` and its picture.
    public static let bugType = "org.docbrowser.example.scarybug"
    /// A bug's filename extension.
    public static let bugExtension = "scarybug"
    /// Bugs zipped for sharing: a kind of zip, so any unzip opens it.
    public static let archiveType = "org.docbrowser.example.scarybugs-archive"
    /// The shared archive's filename extension.
    public static let archiveExtension = "sbz"

    /// The manifest as an XML property list, naming `executable` as the
    /// program docbrowser runs to open a bug.
    ///
    /// Encoded from typed values: `PropertyListSerialization` of a
    /// `[String: Any]` fails in an app linked with `--static-swift-stdlib`
    /// ("property lists cannot contain objects of type 'Not A Type'").
    ///
    /// - Parameter executable: The app's program, by absolute path.
    /// - Returns: The Info.plist's bytes.
    /// - Throws: What `PropertyListEncoder` throws; nothing, for these values.
    public static func propertyList(executable: String) throws -> Data {
        let manifest = InfoPlist(
            CFBundleIdentifier: identifier,
            CFBundleName: name,
            CFBundleExecutable: executable,
            CFBundleDocumentTypes: [DocumentType(CFBundleTypeName: "Scary Bug", CFBundleTypeRole: "Editor", LSHandlerRank: "Owner",
                                                 LSTypeIsPackage: true, LSItemContentTypes: [bugType])],
            UTExportedTypeDeclarations: [
                TypeDeclaration(UTTypeIdentifier: bugType, UTTypeDescription: "Scary Bug",
                                UTTypeConformsTo: ["com.apple.package", "public.composite-content"],
                                UTTypeTagSpecification: ["public.filename-extension": [bugExtension]]),
                TypeDeclaration(UTTypeIdentifier: archiveType, UTTypeDescription: "Scary Bugs archive",
                                UTTypeConformsTo: ["public.zip-archive"],
                                UTTypeTagSpecification: ["public.filename-extension": [archiveExtension]]),
            ]
        )
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(manifest)
    }

    // The keys are Info.plist's own.
    private struct InfoPlist: Encodable {
        var CFBundleIdentifier: String
        var CFBundleName: String
        var CFBundleExecutable: String
        var CFBundleDocumentTypes: [DocumentType]
        var UTExportedTypeDeclarations: [TypeDeclaration]
    }

    private struct DocumentType: Encodable {
        var CFBundleTypeName: String
        var CFBundleTypeRole: String
        var LSHandlerRank: String
        var LSTypeIsPackage: Bool
        var LSItemContentTypes: [String]
    }

    private struct TypeDeclaration: Encodable {
        var UTTypeIdentifier: String
        var UTTypeDescription: String
        var UTTypeConformsTo: [String]
        var UTTypeTagSpecification: [String: [String]]
    }
}
