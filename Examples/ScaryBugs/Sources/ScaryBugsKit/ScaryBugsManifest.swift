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
    /// - Parameter executable: The app's program, by absolute path.
    /// - Returns: The Info.plist's bytes.
    /// - Throws: What `PropertyListSerialization` throws; nothing, for
    ///   this dictionary.
    public static func propertyList(executable: String) throws -> Data {
        let manifest: [String: Any] = [
            "CFBundleIdentifier": identifier,
            "CFBundleName": name,
            "CFBundleExecutable": executable,
            "CFBundleDocumentTypes": [[
                "CFBundleTypeName": "Scary Bug",
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSTypeIsPackage": true,
                "LSItemContentTypes": [bugType],
            ]],
            "UTExportedTypeDeclarations": [
                [
                    "UTTypeIdentifier": bugType,
                    "UTTypeDescription": "Scary Bug",
                    "UTTypeConformsTo": ["com.apple.package", "public.composite-content"],
                    "UTTypeTagSpecification": ["public.filename-extension": [bugExtension]],
                ],
                [
                    "UTTypeIdentifier": archiveType,
                    "UTTypeDescription": "Scary Bugs archive",
                    "UTTypeConformsTo": ["public.zip-archive"],
                    "UTTypeTagSpecification": ["public.filename-extension": [archiveExtension]],
                ],
            ],
        ]
        return try PropertyListSerialization.data(fromPropertyList: manifest, format: .xml, options: 0)
    }
}
