import Foundation

/// The type declarations an Info.plist-style file makes: its
/// `UTExportedTypeDeclarations`, its `UTImportedTypeDeclarations`, and the
/// types implied by the legacy extension and MIME lists of
/// `CFBundleDocumentTypes` entries that name no `LSItemContentTypes`.
public enum InfoPlistTypeDeclarations {
    /// Reads the declarations of a file. `source` says what the exported
    /// declarations count as: `.system` for docbrowser's own files,
    /// `.exported` for a handler's. A declaration that cannot be
    /// understood is left out silently; the overload with `warnings` says
    /// which.
    ///
    /// - Parameters:
    ///   - url: The Info.plist-style file (XML, binary or JSON).
    ///   - source: What its exported declarations count as.
    /// - Returns: The declarations, exported ones first.
    /// - Throws: ``DocKitError/Code/malformed`` only when the file cannot be read or
    ///   its root is not a dictionary.
    public static func load(from url: URL, exportedAs source: TypeDeclarationSource = .exported) throws(DocKitError) -> [TypeDeclaration] {
        var warnings: [DocKitError] = []
        return try load(from: url, exportedAs: source, warnings: &warnings)
    }

    /// Reads the declarations of a file, adding to `warnings` what was left
    /// out because it could not be understood.
    ///
    /// - Parameters:
    ///   - url: The Info.plist-style file (XML, binary or JSON).
    ///   - source: What its exported declarations count as.
    ///   - warnings: Where what was left out is added, each naming its key path.
    /// - Returns: The declarations, exported ones first.
    /// - Throws: ``DocKitError/Code/malformed`` only when the file cannot be read or
    ///   its root is not a dictionary.
    public static func load(from url: URL, exportedAs source: TypeDeclarationSource = .exported, warnings: inout [DocKitError]) throws(DocKitError) -> [TypeDeclaration] {
        let root = PropertyListValue(value: try PropertyListFile.readDictionary(at: url), keyPath: "", path: url.path)
        return declarations(in: root, exportedAs: source, warnings: &warnings)
    }

    /// Reads the declarations of a file built into DocKit.
    ///
    /// - Parameters:
    ///   - file: The built-in file.
    ///   - source: What its exported declarations count as.
    /// - Returns: The declarations, exported ones first.
    /// - Throws: ``DocKitError/Code/malformed`` naming the file by its label when it
    ///   cannot be parsed or its root is not a dictionary.
    static func load(_ file: BundledFile, exportedAs source: TypeDeclarationSource) throws(DocKitError) -> [TypeDeclaration] {
        var warnings: [DocKitError] = []
        let root = PropertyListValue(value: try PropertyListFile.dictionary(in: Data(file.text.utf8), path: file.label), keyPath: "", path: file.label)
        return declarations(in: root, exportedAs: source, warnings: &warnings)
    }

    /// The key that marks one of docbrowser's own files as declaring types
    /// Apple does not: they yield a tag to an app that exports it.
    static let supplementaryKey = "DBTypesAreSupplementary"

    static func declarations(in root: PropertyListValue, exportedAs source: TypeDeclarationSource, warnings: inout [DocKitError]) -> [TypeDeclaration] {
        var exportedSource = source
        if source == .system, root[supplementaryKey].bool(warnings: &warnings) == true {
            exportedSource = .supplementary
        }
        var result: [TypeDeclaration] = []
        for entry in root["UTExportedTypeDeclarations"].dictionaries(warnings: &warnings) {
            if let declaration = declaration(entry, source: exportedSource, warnings: &warnings) { result.append(declaration) }
        }
        for entry in root["UTImportedTypeDeclarations"].dictionaries(warnings: &warnings) {
            if let declaration = declaration(entry, source: max(exportedSource, .imported), warnings: &warnings) { result.append(declaration) }
        }
        for entry in root["CFBundleDocumentTypes"].dictionaries(warnings: &warnings) {
            result.append(contentsOf: legacyDeclarations(entry, warnings: &warnings))
        }
        return result
    }

    private static func declaration(_ entry: PropertyListValue, source: TypeDeclarationSource, warnings: inout [DocKitError]) -> TypeDeclaration? {
        guard let identifier = entry["UTTypeIdentifier"].string(warnings: &warnings), !identifier.isEmpty else {
            warnings.append(entry["UTTypeIdentifier"].problem("missing, so the declaration is ignored"))
            return nil
        }
        guard isValidIdentifier(identifier) else {
            warnings.append(entry["UTTypeIdentifier"].problem("\(quoted(identifier)) is not a valid type identifier; the declaration is ignored"))
            return nil
        }
        var specification = entry["UTTypeTagSpecification"]
        if specification.isPresent, !(specification.value is [String: Any]) {
            warnings.append(specification.problem("expected a dictionary; ignored"))
            specification = PropertyListValue(value: nil, keyPath: specification.keyPath, path: specification.path)
        }
        var tags: [TypeDeclaration.Tag] = []
        for tagClass in TypeTagClass.allCases {
            for value in specification[tagClass.rawValue].strings(warnings: &warnings) where !value.isEmpty {
                tags.append(TypeDeclaration.Tag(tagClass, value))
            }
        }
        return TypeDeclaration(
            identifier: identifier,
            description: entry["UTTypeDescription"].string(warnings: &warnings),
            conformsTo: entry["UTTypeConformsTo"].strings(warnings: &warnings).filter(isValidIdentifier),
            tags: tags,
            iconName: entry["UTTypeIconName"].string(warnings: &warnings),
            source: source,
            declaredIn: entry.path
        )
    }

    /// Before UTIs, apps listed extensions and MIME types directly. As on a
    /// Mac, each such tag that no declaration claims names a dynamic type
    /// of its own: an entry listing `ape` and `apl` gives two types, not
    /// one type with the first one's name.
    private static func legacyDeclarations(_ entry: PropertyListValue, warnings: inout [DocKitError]) -> [TypeDeclaration] {
        let contentTypes = entry["LSItemContentTypes"].strings(warnings: &warnings).filter(isValidIdentifier)
        let isPackage = entry["LSTypeIsPackage"].bool(warnings: &warnings) ?? false
        guard contentTypes.isEmpty else { return packageMarks(entry, contentTypes: contentTypes, isPackage: isPackage) }
        let parent = isPackage ? UTType.package : UTType.data
        let extensions = entry["CFBundleTypeExtensions"].strings(warnings: &warnings).filter { $0 != "*" && !$0.isEmpty }
        let mimeTypes = entry["CFBundleTypeMIMETypes"].strings(warnings: &warnings).filter { $0 != "*" && $0 != "*/*" && !$0.isEmpty }
        let name = entry["CFBundleTypeName"].string(warnings: &warnings)
        let tags = extensions.map { TypeDeclaration.Tag(.filenameExtension, $0) } + mimeTypes.map { TypeDeclaration.Tag(.mimeType, $0) }
        return tags.map { tag in
            TypeDeclaration(
                identifier: DynamicTypeIdentifier.make(tagClass: tag.tagClass, tag: tag.value, conformingTo: parent),
                description: name,
                conformsTo: [parent],
                tags: [tag],
                source: .imported,
                declaredIn: entry.path,
                isDeclaredPackage: isPackage
            )
        }
    }

    /// `LSTypeIsPackage` on an entry that names its types makes those types
    /// packages; the registry merges the mark into whoever declares them.
    private static func packageMarks(_ entry: PropertyListValue, contentTypes: [String], isPackage: Bool) -> [TypeDeclaration] {
        guard isPackage else { return [] }
        return contentTypes.map {
            TypeDeclaration(identifier: $0, conformsTo: [UTType.package], source: .imported, declaredIn: entry.path, isDeclaredPackage: true)
        }
    }

    /// Reverse-DNS: letters, digits, `-` and `.`, plus non-ASCII
    /// characters, which Apple allows in type identifiers, and `_` and `+`,
    /// which Apple does not but real apps' Info.plists use
    /// (`org.vim.pch++-file`). Controls, format
    /// characters (bidi overrides) and separators never pass: an identifier
    /// is printed, and must read as what it is.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        hasIdentifierShape(identifier) && identifier.unicodeScalars.allSatisfy { scalar in
            isASCIIIdentifierCharacter(scalar) || scalar == "+" || (!scalar.isASCII && !isInvisibleOrControl(scalar))
        }
    }

    /// A bundle identifier, which also names files (an app's container,
    /// its log): ASCII letters, digits, `-`, `.` and `_` only.
    static func isValidBundleIdentifier(_ identifier: String) -> Bool {
        hasIdentifierShape(identifier) && identifier.unicodeScalars.allSatisfy(isASCIIIdentifierCharacter)
    }

    static let maximumIdentifierLength = 200

    /// An identifier as a warning shows it: quoted, with the characters
    /// that would not be seen (a zero-width space pasted into a real app's
    /// Info.plist) spelled out as `\u{200B}`.
    static func quoted(_ identifier: String) -> String {
        guard !identifier.isEmpty else { return "an empty string" }
        var shown = ""
        for scalar in identifier.unicodeScalars {
            if scalar.isASCII ? scalar.value < 0x20 || scalar.value == 0x7F : isInvisibleOrControl(scalar) {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "'\(shown)'"
    }

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
