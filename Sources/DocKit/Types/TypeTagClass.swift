import Foundation

/// The classes of tag a type can carry, named as in `UTTypeTagSpecification`.
public enum TypeTagClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A filename extension, without its dot (`pdf`, `tar.gz`).
    case filenameExtension = "public.filename-extension"
    /// A MIME type (`application/pdf`).
    case mimeType = "public.mime-type"

    /// Tags compare case-insensitively in both classes: extensions as
    /// LaunchServices compares them, MIME types as RFC 2045 requires.
    ///
    /// - Parameter tag: A tag of this class, as written.
    /// - Returns: The extension lowercased without leading dots; the MIME type
    ///   lowercased without its parameters, but for a charset, which Apple
    ///   tags UTF-8 and UTF-16 text by.
    public func normalized(_ tag: String) -> String {
        switch self {
        case .filenameExtension:
            var tag = Substring(tag)
            while tag.hasPrefix(".") { tag = tag.dropFirst() }
            return tag.lowercased()
        case .mimeType:
            // Most tags are a bare `type/subtype`: Foundation's trimming,
            // through ICU, cost more than the rest of loading the MIME
            // hierarchy, once per line of it.
            let plain = !tag.utf8.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 >= 0x80 }
            if plain { return tag.lowercased() }
            let parts = tag.split(separator: ";")
            let essence = (parts.first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            // Apple tags UTF-8 and UTF-16 text by charset
            // (`text/plain;charset=utf-8`); other parameters name no type.
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
                let charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                return charset.isEmpty ? essence : "\(essence);charset=\(charset)"
            }
            return essence
        }
    }

    /// A MIME type without its parameters, when it had some: what a tag
    /// with a charset no type claims falls back to.
    func essence(_ tag: String) -> String? {
        guard self == .mimeType else { return nil }
        let normalized = normalized(tag)
        guard let semicolon = normalized.firstIndex(of: ";") else { return nil }
        return String(normalized[..<semicolon])
    }
}
