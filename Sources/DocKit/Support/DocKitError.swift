/// The kinds of failure DocKit reports, so that a front end can choose an
/// exit status or a message style without matching every concrete error.
public enum FailureKind: String, Sendable, Hashable {
    /// A document, type, handler or file that was asked for does not exist.
    case notFound
    /// The destination exists, or two documents claim one name.
    case conflict
    /// Refused because going on could lose data or run something unsafe.
    case refused
    /// A file or argument could not be understood.
    case invalidInput
    /// The operation was attempted and failed.
    case failed
}

/// An error DocKit throws. Its description is one line that names the
/// file or value at fault and the reason, ready to show to a user.
public protocol DocKitError: Error, CustomStringConvertible, Sendable {
    /// Which kind of failure it is, for the exit status and message style.
    var kind: FailureKind { get }
}
