extension EditableDocument {
    /// The document's state, as `UIDocument.State`: ``normal`` (empty)
    /// while open and nothing is wrong, else the flags that say what is.
    public struct State: OptionSet, Sendable, Hashable {
        /// The flags' bits.
        public let rawValue: UInt8

        /// Creates a state from its flags' bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Open, with nothing wrong.
        public static let normal: State = []
        /// Not open: before ``EditableDocument/open()`` and after
        /// ``EditableDocument/close()``.
        public static let closed = State(rawValue: 1 << 0)
        /// Sync engines left conflicting versions of the document beside it.
        public static let inConflict = State(rawValue: 1 << 1)
        /// The last save failed; the unsaved changes are still in memory.
        public static let savingError = State(rawValue: 1 << 2)
        /// The app should not let the user edit: the document is being
        /// reverted.
        public static let editingDisabled = State(rawValue: 1 << 3)
    }

    /// The document's state now.
    public var documentState: State { state }

    /// The document's state now, then each change to it, for as long as the
    /// caller iterates. Any number of callers may iterate at once.
    ///
    /// ```swift
    /// for await state in await document.stateChanges() {
    ///     if state.contains(.savingError) { showSaveFailure() }
    /// }
    /// ```
    ///
    /// - Returns: A stream that starts with the current state and ends when
    ///   the document is gone.
    public func stateChanges() -> AsyncStream<State> {
        stateListeners.stream(startingWith: state)
    }

    func setState(_ newState: State) {
        guard newState != state else { return }
        state = newState
        stateListeners.yield(newState)
    }
}
