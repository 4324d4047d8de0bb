import Foundation

/// The type declarations an Info.plist-style file makes: its
/// `UTExportedTypeDeclarations`, its `UTImportedTypeDeclarations`, and the
/// types implied by the legacy extension and MIME lists of
/// `CFBundleDocumentTypes` entries that name no `LSItemContentTypes`.
public enum InfoPlistTypeDeclarations {
    /// Reads the declarations of a file. `source` says what the exported
    /// declarations count as: `.system` for docbrowser's own files,
    /// `.exported` for a handler's.
    public static func load(from url: URL, exportedAs source: TypeDeclarationSource = .exported) throws(MalformedFileError) -> [TypeDeclaration] {
        let root = PropertyListValue(value: try PropertyListFile.readDictionary(at: url), keyPath: "", path: url.path)
        return try declarations(in: root, exportedAs: source)
    }

    static func declarations(in root: PropertyListValue, exportedAs source: TypeDeclarationSource) throws(MalformedFileError) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        for entry in try root["UTExportedTypeDeclarations"].dictionaries() {
            result.append(try declaration(entry, source: source))
        }
        for entry in try root["UTImportedTypeDeclarations"].dictionaries() {
            result.append(try declaration(entry, source: max(source, .imported)))
        }
        for entry in try root["CFBundleDocumentTypes"].dictionaries() {
            result.append(contentsOf: try legacyDeclarations(entry))
        }
        return result
    }

    private static func declaration(_ entry: PropertyListValue, source: TypeDeclarationSource) throws(MalformedFileError) -> TypeDeclaration {
        let identifier = try entry["UTTypeIdentifier"].requiredString()
        guard isValidIdentifier(identifier) else {
            throw entry["UTTypeIdentifier"].problem("'\(identifier)' is not a valid type identifier")
        }
        let specification = entry["UTTypeTagSpecification"]
        if specification.isPresent, !(specification.value is [String: Any]) {
            throw specification.problem("expected a dictionary")
        }
        var tags: [TypeDeclaration.Tag] = []
        for tagClass in TypeTagClass.allCases {
            for value in try specification[tagClass.rawValue].strings() where !value.isEmpty {
                tags.append(TypeDeclaration.Tag(tagClass, value))
            }
        }
        return TypeDeclaration(
            identifier: identifier,
            description: try entry["UTTypeDescription"].string(),
            conformsTo: try entry["UTTypeConformsTo"].strings(),
            tags: tags,
            iconName: try entry["UTTypeIconName"].string(),
            source: source,
            declaredIn: entry.path
        )
    }

    /// Before UTIs, apps listed extensions and MIME types directly; such an
    /// entry declares a type of its own, named as LaunchServices names it,
    /// after its first tag.
    private static func legacyDeclarations(_ entry: PropertyListValue) throws(MalformedFileError) -> [TypeDeclaration] {
        let contentTypes = try entry["LSItemContentTypes"].strings()
        guard contentTypes.isEmpty else { return try packageMarks(entry, contentTypes: contentTypes) }
        let extensions = try entry["CFBundleTypeExtensions"].strings().filter { $0 != "*" && !$0.isEmpty }
        let mimeTypes = try entry["CFBundleTypeMIMETypes"].strings().filter { !$0.isEmpty }
        let isPackage = try entry["LSTypeIsPackage"].bool() ?? false
        let parent = isPackage ? UTType.package : UTType.data
        let identifier: String
        if let first = extensions.first {
            identifier = DynamicTypeIdentifier.make(tagClass: .filenameExtension, tag: first, conformingTo: parent)
        } else if let first = mimeTypes.first {
            identifier = DynamicTypeIdentifier.make(tagClass: .mimeType, tag: first, conformingTo: parent)
        } else {
            return []
        }
        let tags = extensions.map { TypeDeclaration.Tag(.filenameExtension, $0) }
            + mimeTypes.map { TypeDeclaration.Tag(.mimeType, $0) }
        return [TypeDeclaration(
            identifier: identifier,
            description: try entry["CFBundleTypeName"].string(),
            conformsTo: [parent],
            tags: tags,
            source: .imported,
            declaredIn: entry.path,
            isDeclaredPackage: isPackage
        )]
    }

    /// `LSTypeIsPackage` on an entry that names its types makes those types
    /// packages; the registry merges the mark into whoever declares them.
    private static func packageMarks(_ entry: PropertyListValue, contentTypes: [String]) throws(MalformedFileError) -> [TypeDeclaration] {
        guard try entry["LSTypeIsPackage"].bool() == true else { return [] }
        return contentTypes.map {
            TypeDeclaration(identifier: $0, conformsTo: [UTType.package], source: .imported, declaredIn: entry.path, isDeclaredPackage: true)
        }
    }

    /// Reverse-DNS: letters, digits, `-` and `.`, plus non-ASCII
    /// characters, which Apple allows in type identifiers, and `_`, which
    /// Apple does not but real apps' Info.plists use. Controls, format
    /// characters (bidi overrides) and separators never pass: an identifier
    /// is printed, and must read as what it is.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        hasIdentifierShape(identifier) && identifier.unicodeScalars.allSatisfy { scalar in
            isASCIIIdentifierCharacter(scalar) || (!scalar.isASCII && !isInvisibleOrControl(scalar))
        }
    }

    /// A bundle identifier, which also names files (an app's container,
    /// its log): ASCII letters, digits, `-`, `.` and `_` only.
    static func isValidBundleIdentifier(_ identifier: String) -> Bool {
        hasIdentifierShape(identifier) && identifier.unicodeScalars.allSatisfy(isASCIIIdentifierCharacter)
    }

    static let maximumIdentifierLength = 200

    private static func hasIdentifierShape(_ identifier: String) -> Bool {
        !identifier.isEmpty && identifier.utf8.count <= maximumIdentifierLength && !identifier.hasPrefix(".") && !identifier.hasSuffix(".")
    }

    private static func isASCIIIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "-" || scalar == "." || scalar == "_"
    }

    private static func isInvisibleOrControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }
}
