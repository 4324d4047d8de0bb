/// Where a type declaration came from. When two sources declare one
/// identifier, or claim one tag, the source that sorts first wins:
/// Apple's system declarations shipped with docbrowser, then types a
/// handler exports (it owns them), then the types docbrowser declares
/// where Apple declares none (an app that exports one of their tags
/// knows its format better), then types a handler imports (it only uses
/// them), then the freedesktop shared-mime-info database.
///
/// The raw values are stored; `precedence` orders them.
public enum TypeDeclarationSource: Int, Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Apple's system declarations, shipped with docbrowser.
    case system = 0
    /// Types a handler exports: it owns them.
    case exported = 1
    /// Types docbrowser declares where Apple declares none (`docbrowser` in `types`).
    case supplementary = 5
    /// Types a handler imports: it only uses them.
    case imported = 2
    /// The freedesktop shared-mime-info database.
    case sharedMimeInfo = 3
    /// A type made up on the spot for a tag nobody declares.
    case dynamic = 4

    private var precedence: Int {
        switch self {
        case .system: 0
        case .exported: 1
        case .supplementary: 2
        case .imported: 3
        case .sharedMimeInfo: 4
        case .dynamic: 5
        }
    }

    /// Precedence order: the source that sorts first wins.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.precedence < rhs.precedence }

    /// The name `types` shows: `system`, `exported`, `docbrowser`, `imported`, `shared-mime-info` or `dynamic`.
    public var description: String {
        switch self {
        case .system: "system"
        case .exported: "exported"
        case .supplementary: "docbrowser"
        case .imported: "imported"
        case .sharedMimeInfo: "shared-mime-info"
        case .dynamic: "dynamic"
        }
    }
}
