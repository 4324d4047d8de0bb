/// Where a document lives: the local Documents folder, or the Documents
/// folder of the cloud container.
public enum Location: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// The local Documents folder, on this machine only.
    case local
    /// The cloud container's Documents folder, which a sync engine shares.
    case cloud

    /// Alphabetical: `cloud` before `local`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `local` or `cloud`, as in `local:Name`.
    public var description: String { rawValue }
}
