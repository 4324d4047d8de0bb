extension EditableDocument {
    /// Sets how often unsaved changes are saved while the document is open.
    ///
    /// - Parameter interval: The time between two checks for unsaved
    ///   changes; nil stops autosaving.
    public func setAutosaveInterval(_ interval: Duration?) {
        autosaveInterval = interval
        if openRecord != nil { startAutosave() }
    }

    /// The timer holds the document weakly, so a document the app let go of
    /// is not kept alive by it.
    func startAutosave() {
        autosaveTask?.cancel()
        autosaveTask = nil
        guard let interval = autosaveInterval else { return }
        autosaveTask = Task { [weak self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                await self?.autosave()
            }
        }
    }

    /// A failure is not thrown to anyone: it shows as ``State/savingError``
    /// in ``documentState``, and the changes stay to be saved next time.
    private func autosave() async {
        guard openRecord != nil, hasUnsavedChanges else { return }
        try? await save()
    }
}
