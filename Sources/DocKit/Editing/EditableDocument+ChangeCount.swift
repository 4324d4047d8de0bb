extension EditableDocument {
    /// How an edit changed the document, as `UIDocument.ChangeKind`.
    public enum ChangeKind: Sendable, Hashable {
        /// An edit was made.
        case done
        /// An edit was undone.
        case undone
        /// An undone edit was made again.
        case redone
        /// The document is to be taken as saved, as it is now.
        case cleared
    }

    /// Whether the document has changes not saved yet: its change count
    /// differs from what it was at the last save, open or revert — so
    /// undoing every edit since the save leaves nothing unsaved.
    public var hasUnsavedChanges: Bool { changeCount != savedChangeCount }

    /// Counts an edit, an undo or a redo, or marks the document as saved.
    ///
    /// - Parameter change: What happened to the document.
    public func updateChangeCount(_ change: ChangeKind) {
        switch change {
        case .done, .redone: changeCount += 1
        case .undone: changeCount -= 1
        case .cleared: savedChangeCount = changeCount
        }
    }
}
