/// Deletion for a task: removing a large package permanently walks its
/// whole tree, and trashing one to another file system's Trash copies it,
/// so it runs on a thread of its own. The blocking form beside it is for
/// threads an app owns.
extension DocumentDeleter {
    /// The async form of the blocking `delete(_:permanently:)`, run on a
    /// thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document to delete, as listed.
    ///   - permanently: `true` removes it outright; `false` moves it to the Trash.
    /// - Returns: The document and, when trashed, its name and info file in the Trash.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func delete(_ document: Document, permanently: Bool) async throws -> Result {
        try await DetachedThread.value { try delete(document, permanently: permanently) }
    }
}
