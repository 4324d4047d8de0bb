import DocKit

/// An open bug: the ``EditableDocument`` that reads, saves and autosaves
/// it, and the ``BugContents`` the app edits. Every edit counts as a
/// change, so that autosave and close write it.
public struct BugDocument: Sendable {
    /// The document: its lifecycle, state and conflict versions.
    public let document: EditableDocument
    /// The bug as edited.
    public let contents: BugContents

    /// Changes the bug, such as its title or rating.
    ///
    /// - Parameter change: The edit, made on the model.
    public func edit(_ change: @Sendable (inout ScaryBug) -> Void) async {
        await contents.update(change)
        await document.updateChangeCount(.done)
    }

    /// Replaces the bug's picture.
    ///
    /// - Parameter image: The new picture, or nil for none.
    public func setImage(_ image: BugImage?) async {
        await contents.setImage(image)
        await document.updateChangeCount(.done)
    }

    /// The bug as it is now, edits included.
    public var bug: ScaryBug {
        get async { await contents.bug }
    }
}
