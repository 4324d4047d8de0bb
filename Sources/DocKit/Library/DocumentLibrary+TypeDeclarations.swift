import Foundation

extension DocumentLibrary {
    /// Declares the types an app owns, as its Info.plist's
    /// `UTExportedTypeDeclarations` would, and registers the app as their
    /// editor: the next ``catalog()`` types documents with them. Declaring
    /// again replaces what the app declared before.
    ///
    /// ```swift
    /// try library.declare([
    ///     TypeDeclaration(
    ///         identifier: "org.example.bug-board", description: "Bug Board",
    ///         conformsTo: ["com.apple.package"], tags: [.init(.filenameExtension, "scarybug")],
    ///         source: .exported
    ///     ),
    /// ], byApplication: "org.example.bugs")
    /// ```
    ///
    /// - Parameters:
    ///   - types: The declarations; their `source` and `declaredIn` are ignored.
    ///     A declaration with `isDeclaredPackage` makes its documents
    ///     packages even when it does not conform to `com.apple.package`.
    ///   - identifier: The app's bundle identifier, which the registration is stored under.
    ///   - name: The app's name, as `open-in` shows it.
    /// - Returns: The stored registration.
    /// - Throws: ``DocKitError/Code/malformed`` when an identifier is not valid,
    ///   before anything is stored; ``DocKitError/Code/fileSystem`` when the
    ///   registration cannot be stored.
    @discardableResult
    public func declare(_ types: [TypeDeclaration], byApplication identifier: String, name: String? = nil) throws -> HandlerManifest {
        let declared = "the types declared by \(identifier)"
        guard HandlerManifest.isValidIdentifier(identifier) else {
            throw DocKitError(MalformedFileError(path: declared, reason: "'\(identifier)' is not a valid bundle identifier"))
        }
        for (index, type) in types.enumerated() {
            for named in [type.identifier] + type.conformsTo where !InfoPlistTypeDeclarations.isValidIdentifier(named) {
                throw DocKitError(MalformedFileError(path: declared, keyPath: "[\(index)]", reason: "'\(named)' is not a valid type identifier"))
            }
        }
        var manifest: [String: Any] = [
            "CFBundleIdentifier": identifier,
            "UTExportedTypeDeclarations": types.map(Self.exportedTypeEntry),
            "CFBundleDocumentTypes": [[
                "CFBundleTypeRole": "Editor",
                "LSItemContentTypes": types.map(\.identifier),
                "LSTypeIsPackage": types.contains(where: \.isDeclaredPackage),
            ] as [String: Any]],
        ]
        if let name { manifest["CFBundleName"] = name }
        // Strings, arrays and booleans only: JSON can hold every one.
        guard let data = try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]) else {
            throw DocKitError(MalformedFileError(path: declared, reason: "the declarations cannot be written as JSON"))
        }
        let folder = home.temporaryDirectory.appending(path: FileSystem.temporaryPrefix + "declare-" + UUID().uuidString, directoryHint: .isDirectory)
        try FileSystem.createDirectory(RawPath(folder))
        defer { InboxDelivery.removeItem(RawPath(folder)) }
        let file = folder.appending(path: "manifest.json")
        try FileSystem.writeAtomically(data, to: RawPath(file), durable: false)
        return try HandlerRegistration(home: home).register(file, identifier: identifier, environment: environment)
    }

    private static func exportedTypeEntry(_ type: TypeDeclaration) -> [String: Any] {
        var entry: [String: Any] = ["UTTypeIdentifier": type.identifier, "UTTypeConformsTo": type.conformsTo]
        var tags: [String: [String]] = [:]
        for tag in type.tags { tags[tag.tagClass.rawValue, default: []].append(tag.value) }
        if !tags.isEmpty { entry["UTTypeTagSpecification"] = tags }
        if let description = type.description { entry["UTTypeDescription"] = description }
        if let icon = type.iconName { entry["UTTypeIconName"] = icon }
        return entry
    }
}
