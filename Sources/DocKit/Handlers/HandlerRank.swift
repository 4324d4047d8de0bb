/// `LSHandlerRank`: how strongly a handler claims a type. Owner beats
/// Default beats Alternate; None never opens the type.
public enum HandlerRank: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case owner = "Owner"
    case `default` = "Default"
    case alternate = "Alternate"
    case none = "None"

    /// Stronger first, so that sorting ascending puts the best claim first.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The manifest's spelling: `Owner`, `Default`, `Alternate` or `None`.
    public var description: String { rawValue }
}

/// `CFBundleTypeRole`: what a handler does with a type. A role of None
/// only describes the type (an icon, a name); it never opens it. Quick Look
/// generators and Spotlight importers claim the types they read, but they
/// are plug-ins, not apps: they never open a document either.
public enum HandlerRole: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case editor = "Editor"
    case viewer = "Viewer"
    case shell = "Shell"
    case none = "None"
    case quickLookGenerator = "QLGenerator"
    case spotlightImporter = "MDImporter"

    /// Whether a claim with this role may open a document.
    public var opensDocuments: Bool {
        switch self {
        case .editor, .viewer, .shell: true
        case .none, .quickLookGenerator, .spotlightImporter: false
        }
    }

    /// Declaration order: editor, viewer, shell, none, then the plug-in roles.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The manifest's spelling, such as `Editor` or `QLGenerator`.
    public var description: String { rawValue }
}
