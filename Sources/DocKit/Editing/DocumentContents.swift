/// The app's side of an ``EditableDocument``: its model, turned into the
/// document's contents and back — what a `UIDocument` subclass overrides.
///
/// An actor cannot be subclassed, so where `UIDocument` has the app
/// override two methods, the app implements this protocol instead, often
/// on the model itself, and hands it to the document. The methods are
/// asynchronous so that a model isolated to an actor of its own (the main
/// actor, say) can implement them.
///
/// ```swift
/// actor Note: DocumentContents {
///     private(set) var text = ""
///
///     func contents(forType type: String) throws -> DocumentWrapper {
///         .regularFile(Data(text.utf8))
///     }
///
///     func load(fromContents contents: DocumentWrapper, ofType type: String) throws {
///         text = String(decoding: contents.regularFileContents ?? Data(), as: UTF8.self)
///     }
///
///     func append(_ line: String) {
///         text += line
///     }
/// }
/// ```
public protocol DocumentContents: Sendable {
    /// The document's contents as they should be saved.
    ///
    /// - Parameter type: The document's type (a UTI), as given to the
    ///   ``EditableDocument``.
    /// - Returns: A ``DocumentWrapper/regularFile(_:)`` for a file, a
    ///   ``DocumentWrapper/directory(_:)`` for a package.
    /// - Throws: Whatever keeps the model from being saved; the save fails
    ///   with ``DocKitError/Code/contentsFailed``.
    func contents(forType type: String) async throws -> DocumentWrapper

    /// Replaces the model with what the document holds on disk.
    ///
    /// - Parameters:
    ///   - contents: The document as read: a regular file's bytes, or a
    ///     package's tree.
    ///   - type: The document's type (a UTI), as given to the
    ///     ``EditableDocument``.
    /// - Throws: Whatever keeps the model from taking the contents; the
    ///   open or revert fails with
    ///   ``DocKitError/Code/contentsFailed``.
    func load(fromContents contents: DocumentWrapper, ofType type: String) async throws
}
