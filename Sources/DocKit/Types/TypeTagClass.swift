import Foundation

/// The classes of tag a type can carry, named as in `UTTypeTagSpecification`.
public enum TypeTagClass: String, Sendable, Hashable, Codable, CaseIterable {
    case filenameExtension = "public.filename-extension"
    case mimeType = "public.mime-type"

    /// Tags compare case-insensitively in both classes: extensions as
    /// LaunchServices compares them, MIME types as RFC 2045 requires.
    public func normalized(_ tag: String) -> String {
        switch self {
        case .filenameExtension:
            var tag = Substring(tag)
            while tag.hasPrefix(".") { tag = tag.dropFirst() }
            return tag.lowercased()
        case .mimeType:
            let essence = tag.split(separator: ";", maxSplits: 1).first ?? ""
            return essence.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }
}
