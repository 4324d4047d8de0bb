extension EditableDocument {
    /// What another process did to the open document, as an
    /// `NSFilePresenter` hears of it.
    public enum ExternalChange: Sendable, Hashable {
        /// Its contents are not what the document last read or saved:
        /// ``EditableDocument/revert()`` takes them, a save overwrites them.
        /// A package another process removes entry by entry, rather than
        /// in one rename, may be seen half-way and reported so first.
        case modified
        /// Nothing is at its path any more: another process moved, renamed
        /// or deleted it (docbrowser does so only with `--force`).
        case removed
    }

    /// What other processes do to the document while it is open, as it
    /// happens, for as long as the caller iterates. A burst of writes is
    /// reported once it is over; the document's own saves are not reported.
    /// Conflict copies that arrive meanwhile show in ``documentState`` as
    /// ``State/inConflict``.
    ///
    /// ```swift
    /// for await change in await document.externalChanges() {
    ///     if change == .modified, await !document.hasUnsavedChanges { try await document.revert() }
    /// }
    /// ```
    ///
    /// - Returns: A stream of changes that ends when the document is gone.
    public func externalChanges() -> AsyncStream<ExternalChange> {
        changeListeners.stream()
    }

    func startWatching() {
        fileWatch?.stop()
        fileWatch = DocumentFileWatch(path, settle: .milliseconds(200)) { [weak self] in
            Task { await self?.diskChanged() }
        }
    }

    func stopWatching() {
        fileWatch?.stop()
        fileWatch = nil
    }

    /// Compared with what was last seen on disk — read, saved, or already
    /// reported — so that the document's own saves say nothing and one
    /// change is reported once.
    private func diskChanged() {
        guard openRecord != nil else { return }
        setState(withConflictState(state))
        let now = try? TreeSnapshot.take(path)
        guard now != lastSeenOnDisk else { return }
        lastSeenOnDisk = now
        changeListeners.yield(now == nil ? .removed : .modified)
    }
}
