/// A previewer could not make sense of a document. It is not a failure of
/// the command: the next previewer for the document's type takes over,
/// and the reason is kept as a note.
struct PreviewError: DocKitFailure, Hashable {
    /// The document's path, as text.
    var path: String
    /// Why the previewer gave up, worded to follow the path (`not valid JSON`).
    var reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - reason: Why the previewer gave up.
    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    var code: DocKitError.Code { .malformed }

    var document: String? { path }
    /// `path: reason`.
    var description: String { "\(path): \(reason)" }
}
