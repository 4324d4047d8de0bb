/// Resolution for a task: keeping one version moves or copies the others
/// (whole packages among them), so it runs on a thread of its own. The
/// blocking form beside it is for threads an app owns.
extension ConflictResolver {
    /// The async form of the blocking `resolve(_:keeping:)`, run on a
    /// thread of its own.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - choice: Which version to keep.
    /// - Returns: What was done; an empty plan when there was no conflict.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    @discardableResult
    public func resolve(_ document: Document, keeping choice: Choice) async throws -> Plan {
        try await DetachedThread.value { try resolve(document, keeping: choice) }
    }
}
