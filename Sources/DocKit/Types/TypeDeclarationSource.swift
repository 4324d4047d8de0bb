/// Where a type declaration came from. When two sources declare one
/// identifier, or claim one tag, the source that sorts first wins:
/// the system declarations shipped with docbrowser, then types a handler
/// exports (it owns them), then types a handler imports (it only uses
/// them), then the freedesktop shared-mime-info database.
public enum TypeDeclarationSource: Int, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    case system = 0
    case exported = 1
    case imported = 2
    case sharedMimeInfo = 3
    /// A type made up on the spot for a tag nobody declares.
    case dynamic = 4

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .system: "system"
        case .exported: "exported"
        case .imported: "imported"
        case .sharedMimeInfo: "shared-mime-info"
        case .dynamic: "dynamic"
        }
    }
}
