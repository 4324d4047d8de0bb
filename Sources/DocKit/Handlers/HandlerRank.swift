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

    public var description: String { rawValue }
}

/// `CFBundleTypeRole`: what a handler does with a type. A role of None
/// only describes the type (an icon, a name); it never opens it.
public enum HandlerRole: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case editor = "Editor"
    case viewer = "Viewer"
    case shell = "Shell"
    case none = "None"

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public var description: String { rawValue }
}
