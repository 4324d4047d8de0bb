extension EditableDocument {
    /// The conflict versions sync engines left of the document, beside it
    /// or inside its package, oldest first — as
    /// `NSFileVersion.unresolvedConflictVersionsOfItem(at:)`. While there
    /// are any, ``documentState`` contains ``State/inConflict``.
    ///
    /// - Returns: The unresolved conflict versions; empty when there are
    ///   none.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the document's folder
    ///   or package cannot be read.
    public func unresolvedConflictVersions() throws(DocKitError) -> [DocumentVersion] {
        do {
            // A folder under an editable document's name is its package.
            return try DocumentVersions.versions(of: path, isPackage: true).conflicts
        } catch {
            throw EditingError.wrapping(error, document: path)
        }
    }

    /// `state` with ``State/inConflict`` as the disk says now. A folder
    /// that cannot be read says nothing new, so the flag stays as it was.
    func withConflictState(_ state: State) -> State {
        guard let conflicts = try? unresolvedConflictVersions() else { return state }
        return conflicts.isEmpty ? state.subtracting(.inConflict) : state.union(.inConflict)
    }
}
