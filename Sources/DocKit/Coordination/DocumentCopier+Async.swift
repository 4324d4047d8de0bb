/// Copies for a task: a copy reads and writes the whole document, so each
/// runs on a thread of its own rather than holding a thread of the
/// cooperative pool. The blocking forms beside them are for threads an
/// app owns.
extension DocumentCopier {
    /// The async form of the blocking `duplicate(_:)`, run on a thread of its own.
    ///
    /// - Parameter document: The document, as listed.
    /// - Returns: The copy, listed.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func duplicate(_ document: Document) async throws -> Result {
        try await DetachedThread.value { try duplicate(document) }
    }

    /// The async form of the blocking `copy(_:to:onConflict:)` into a
    /// location, run on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - location: Where the copy goes.
    ///   - policy: When the name is taken: fail, take "Name 2.ext", or replace.
    /// - Returns: The copy, listed.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func copy(_ document: Document, to location: Location, onConflict policy: ConflictPolicy) async throws -> Result {
        try await DetachedThread.value { try copy(document, to: location, onConflict: policy) }
    }

    /// The async form of the blocking `copy(_:to:onConflict:)` into a
    /// folder of a location, run on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - destination: The location and folder the copy goes to.
    ///   - policy: When the name is taken.
    /// - Returns: The copy, listed.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func copy(_ document: Document, to destination: DocumentDestination, onConflict policy: ConflictPolicy) async throws -> Result {
        try await DetachedThread.value { try copy(document, to: destination, onConflict: policy) }
    }

    /// The async form of the blocking `copy(_:toFolder:onConflict:)`, run
    /// on a thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - folder: An existing folder anywhere.
    ///   - policy: When the name is taken there.
    /// - Returns: Where the copy is.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func copy(_ document: Document, toFolder folder: RawPath, onConflict policy: ConflictPolicy) async throws -> Result {
        try await DetachedThread.value { try copy(document, toFolder: folder, onConflict: policy) }
    }
}
