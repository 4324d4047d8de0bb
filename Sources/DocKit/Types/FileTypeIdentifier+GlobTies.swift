import Foundation

extension FileTypeIdentifier {
    /// When several shared-mime-info types share the extension of `name`
    /// (`*.ts`: MPEG transport stream and Qt Linguist; `*.sub`: three
    /// subtitle formats), the content decides among them, as GIO decides
    /// and the shared-mime-info specification recommends: the first of
    /// them, heaviest first, that is the type the content names (magic, or
    /// plain text) or a kind of it.
    ///
    /// `byName`, the type the extension gave, stands for the one of them
    /// whose type it is or shares an ancestor with, if any: the content
    /// only changes the answer when it names another.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - byName: The declared type its extension gave.
    ///   - head: Reads the file's first bytes, only when a tie needs them.
    /// - Returns: The type the content chose and why; nil when there is no
    ///   tie, or the content names no other of the tied types.
    func typeFromTiedGlobs(_ name: String, byName: UTType, head: () -> [UInt8]) -> Identification? {
        guard let tied = globs?.extensionMatches(name) else { return nil }
        var mimeTypes: [String] = []
        for glob in tied where !mimeTypes.contains(glob.mimeType) { mimeTypes.append(glob.mimeType) }
        let candidates = mimeTypes.map { ($0, registry.preferredType(withTag: $0, tagClass: .mimeType)) }.filter { !$0.1.isDynamic }
        guard candidates.count > 1 else { return nil }
        let bytes = head()
        let sniffed: (mimeType: String, evidence: String)
        if let section = magic?.match(bytes) {
            sniffed = (section.mimeType, "shared-mime-info's magic for \(section.mimeType) (priority \(section.priority))")
        } else if let guess = ContentSniffer.guess(head: Array(bytes.prefix(ContentSniffer.headLength))), registry.conforms(guess.identifier, to: UTType.text) {
            sniffed = ("text/plain", guess.evidence)
        } else {
            return nil
        }
        let sniffedType = registry.preferredType(withTag: sniffed.mimeType, tagClass: .mimeType)
        guard !sniffedType.isDynamic,
              let chosen = candidates.first(where: { $0.0 == sniffed.mimeType || registry.conforms($0.1.identifier, to: sniffedType.identifier) })
        else { return nil }
        let standing = candidates.first { $0.1.identifier == byName.identifier } ?? candidates.first { sharesParent($0.1, byName) }
        guard chosen.0 != standing?.0, chosen.1.identifier != byName.identifier else { return nil }
        let evidence = "\(sniffed.evidence), among the types of the same extension (\(mimeTypes.joined(separator: ", ")))"
        return Identification(type: chosen.1, guess: ContentSniffer.Guess(identifier: chosen.1.identifier, evidence: evidence))
    }

    /// Whether the two types have an ancestor in common more telling than
    /// data or content: Apple's transport stream and shared-mime-info's
    /// video/mp2t are both movies, Apple's ISO image and its CD image both
    /// disk images; Apple's self-mounting image and SMIL have none.
    private func sharesParent(_ lhs: UTType, _ rhs: UTType) -> Bool {
        let generic: Set<String> = [UTType.data, UTType.item, UTType.content, "public.composite-content"]
        let ancestors = Set(registry.conformanceChain(of: lhs.identifier).map { $0.lowercased() }).subtracting(generic)
        return registry.conformanceChain(of: rhs.identifier).contains { ancestors.contains($0.lowercased()) }
    }
}
