/// The catalog's calls that scan a Documents folder, for a task: each runs
/// on a thread of its own, so that neither the caller's task nor the
/// cooperative pool waits on the disk. The blocking forms beside them are
/// for threads an app owns.
extension DocumentCatalog {
    /// Scans the query's locations on a thread of its own and returns the
    /// documents that match: the async form of the blocking
    /// `documents(matching:)`.
    ///
    /// - Parameter query: The locations, filters and order.
    /// - Returns: The matching documents.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func documents(matching query: DocumentQuery) async throws -> [Document] {
        try await DetachedThread.value { try documents(matching: query) }
    }

    /// Finds the one document a path or name stands for, on a thread of
    /// its own: the async form of the blocking `resolve(_:)`, which may
    /// scan both locations.
    ///
    /// - Parameter argument: The path or name, as typed on the command line.
    /// - Returns: The one document it names.
    /// - Throws: What the blocking form throws, each a ``DocKitError``.
    public func resolve(_ argument: String) async throws -> Document {
        try await DetachedThread.value { try resolve(argument) }
    }
}
