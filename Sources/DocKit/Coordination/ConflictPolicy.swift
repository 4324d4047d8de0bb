/// What a move does when the destination name is taken.
public enum ConflictPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Change nothing and report the conflict (the default, like `mv -n`).
    case fail
    /// Use "Name 2.ext", "Name 3.ext", … instead.
    case rename
    /// Take the name; what was there goes to the Trash, never to oblivion.
    case replace
}
