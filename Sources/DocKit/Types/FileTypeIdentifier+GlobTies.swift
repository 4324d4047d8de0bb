import Foundation

extension FileTypeIdentifier {
    /// When several shared-mime-info types share the extension of `name`
    /// (`*.ts`: MPEG transport stream and Qt Linguist; `*.sub`: three
    /// subtitle formats), the content decides among them, as GIO decides
    /// and the shared-mime-info specification recommends: the first of
    /// them, heaviest first, that is the type the content names (magic, or
    /// plain text) or a kind of it.
    ///
    /// `byName`, the type the extension gave, stands for one of them: the
    /// one whose type it is or shares a parent with, else the heaviest.
    /// The content only changes the answer when it names another.
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
        let standing = candidates.first { $0.1.identifier == byName.identifier }
            ?? candidates.first { sharesParent($0.1, byName) }
            ?? candidates[0]
        guard chosen.0 != standing.0, chosen.1.identifier != byName.identifier else { return nil }
        let evidence = "\(sniffed.evidence), among the types of the same extension (\(mimeTypes.joined(separator: ", ")))"
        return Identification(type: chosen.1, guess: ContentSniffer.Guess(identifier: chosen.1.identifier, evidence: evidence))
    }

    /// Whether one type conforms to the other, or both to one parent more
    /// telling than data or content: Apple's transport stream and
    /// shared-mime-info's video/mp2t are both movies.
    private func sharesParent(_ lhs: UTType, _ rhs: UTType) -> Bool {
        if registry.conforms(lhs.identifier, to: rhs.identifier) || registry.conforms(rhs.identifier, to: lhs.identifier) { return true }
        let generic: Set<String> = [UTType.data, UTType.item, "public.content", "public.composite-content"]
        let parents = Set(lhs.conformsTo.map { $0.lowercased() }).subtracting(generic)
        return !parents.isDisjoint(with: rhs.conformsTo.map { $0.lowercased() })
    }
}
