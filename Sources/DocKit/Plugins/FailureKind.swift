/// A plugin's own verdict on its failure, as its error event's `kind`
/// says it (docs/PLUGIN-PROTOCOL.md); ``DocKitError/Code`` follows from it.
enum FailureKind: String, Sendable, Hashable {
    /// What it was asked for does not exist.
    case notFound
    /// The destination exists, or two items claim one name.
    case conflict
    /// Refused because going on could lose data or run something unsafe.
    case refused
    /// The file could not be understood.
    case invalidInput
    /// The operation was attempted and failed.
    case failed
}
