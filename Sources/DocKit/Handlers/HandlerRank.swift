/// `LSHandlerRank`: how strongly a handler claims a type. Owner beats
/// Default beats Alternate; None never opens the type.
public enum HandlerRank: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// The handler created the format, or is its primary app.
    case owner = "Owner"
    /// An ordinary claim; the rank of an entry that declares none.
    case `default` = "Default"
    /// A secondary claim: the handler can open the type, but others come first.
    case alternate = "Alternate"
    /// The entry describes the type but never opens it, not even as a default.
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
    /// Opens documents of the type and saves them.
    case editor = "Editor"
    /// Opens documents of the type to read them.
    case viewer = "Viewer"
    /// Provides runtime services for the type; ranks after the viewers.
    case shell = "Shell"
    /// The entry only describes the type (an icon, a name); it never opens it.
    case none = "None"
    /// A Quick Look generator: it makes previews of the type.
    case quickLookGenerator = "QLGenerator"
    /// A Spotlight importer: it reads the type's metadata.
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
