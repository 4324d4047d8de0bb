/// Moves for a task: a move across file systems copies the whole document
/// (gigabytes, for a video), so each runs on a thread of its own rather
/// than holding a thread of the cooperative pool. The blocking forms
/// beside them are for threads an app owns.
extension DocumentMover {
    /// The async form of the blocking `move(_:to:onConflict:)` into a
    /// location, run on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document to move, as listed.
    ///   - location: Where it goes; moving to its own location does nothing.
    ///   - policy: What to do when the name is taken at the destination.
    /// - Returns: What was done, with the document as it is now.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func move(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) async throws -> Result {
        try await DetachedThread.value { try move(document, to: location, onConflict: policy) }
    }

    /// The async form of the blocking `move(_:to:onConflict:)` into a
    /// folder of a location, run on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document to move, as listed.
    ///   - destination: The location and folder it goes to.
    ///   - policy: What to do when the name is taken at the destination.
    /// - Returns: What was done, with the document as it is now.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func move(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) async throws -> Result {
        try await DetachedThread.value { try move(document, to: destination, onConflict: policy) }
    }
}
