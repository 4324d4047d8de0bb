/// A previewer could not make sense of a document. It is not a failure of
/// the command: the next previewer for the document's type takes over,
/// and the reason is kept as a note.
public struct PreviewError: DocKitError, Hashable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var kind: FailureKind { .invalidInput }
    public var description: String { "\(path): \(reason)" }
}
