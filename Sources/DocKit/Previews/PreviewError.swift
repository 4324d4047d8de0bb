/// A previewer could not make sense of a document. It is not a failure of
/// the command: the next previewer for the document's type takes over,
/// and the reason is kept as a note.
public struct PreviewError: DocKitError, Hashable {
    /// The document's path, as text.
    public var path: String
    /// Why the previewer gave up, worded to follow the path (`not valid JSON`).
    public var reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - reason: Why the previewer gave up.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Always `.invalidInput`.
    public var kind: FailureKind { .invalidInput }
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
