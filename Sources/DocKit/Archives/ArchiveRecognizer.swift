/// Tells, for import, an archive to take apart from a document to keep
/// whole. Only the archive types an import plugin declares are taken
/// apart, never a type merely built on one: a comic book (`.cbz`), a Java
/// archive or a Wallet pass is a zip, but to its user it is one document.
///
/// The name decides when it names such an archive. The content decides
/// when the name says nothing (no extension, or one nobody declares), or
/// names an archive format whose own content rules the file fails (a zip
/// called `x.bin`, which the name makes a MacBinary archive). A name that
/// names anything else keeps the file whole, whatever is inside: a
/// slightly unusual EPUB or Word file must not fall apart.
struct ArchiveRecognizer {
    /// Names types by name and content.
    var identifier: FileTypeIdentifier
    /// Says which types an import plugin declares.
    var locator: any PluginLocator
    /// Types the caller takes apart besides: an app's own archive type.
    var alsoTakenApart: [String] = []

    private var registry: TypeRegistry { identifier.registry }

    /// The type to extract a regular file as, or `nil` to copy it in whole.
    ///
    /// - Parameters:
    ///   - path: The file, whose first bytes are read when the name leaves it to the content.
    ///   - name: The name the user gave it (a link's own name, not its target's).
    /// - Returns: An archive type an import plugin declares, or `nil`.
    func extractionType(of path: RawPath, named name: String) -> String? {
        let byName = registry.type(forFileName: name, isDirectory: false)
        if isTakenApart(byName.identifier) { return byName.identifier }
        // A name of a document that is no archive is believed without
        // reading a byte: importing a folder's worth of PDFs reads none.
        let saysNothing = byName.isDynamic || byName.identifier == UTType.data
        guard saysNothing || registry.conforms(byName.identifier, to: Self.archive) else { return nil }
        let head = identifier.sample(of: path)
        guard saysNothing || isBelied(byName, by: head) else { return nil }
        guard let guess = identifier.guess(head), isTakenApart(guess.identifier),
              !registry.conforms(byName.identifier, to: guess.identifier) else { return nil }
        return guess.identifier
    }

    private func isTakenApart(_ type: String) -> Bool {
        locator.declares(.import, exactly: type) || alsoTakenApart.contains { $0.caseInsensitiveCompare(type) == .orderedSame }
    }

    /// Whether the file's first bytes fail all the content rules of the
    /// archive format its name claims.
    private func isBelied(_ type: UTType, by head: [UInt8]) -> Bool {
        guard let magic = identifier.magic else { return false }
        return magic.rules(of: type.mimeTypes, failOn: head)
    }

    private static let archive = "public.archive"
}
