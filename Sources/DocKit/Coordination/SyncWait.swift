/// How long a command may wait for sync engines to finish the documents it
/// acts on (`--wait`), shared by all of them: one deadline, not one per
/// document, so that a command never waits longer than it was told.
public struct SyncWait: Sendable {
    /// The whole wait allowed, as given.
    public let limit: Duration
    /// When waiting ends for every document: creation time plus ``limit``.
    public let deadline: ContinuousClock.Instant
    /// How long a document must stay complete and untouched before it
    /// counts as finished: engines that deliver a package file by file
    /// leave short gaps between its files, and rclone pauses mid-file.
    public var quietPeriod: Duration = .seconds(1)
    /// How often a document is looked at again while waiting.
    public var pollInterval: Duration = .milliseconds(200)

    /// Starts the clock: the deadline is `limit` from now.
    ///
    /// - Parameter limit: How long all waits together may take.
    public init(limit: Duration) {
        self.limit = limit
        deadline = .now + limit
    }
}

extension SyncActivity {
    /// The document as it is once no sync engine is writing it: at once
    /// when it is complete already, otherwise after its temporaries are
    /// gone and it stayed unchanged for `wait.quietPeriod`. A document that
    /// was only an engine's temporary comes back as the file it became.
    ///
    /// `whileWaiting` is called once, with the reason, when waiting starts.
    /// Throws ``DocKitError/Code/stillIncomplete``
    /// when the deadline passes first.
    ///
    /// - Parameters:
    ///   - document: The document, as listed.
    ///   - catalog: The catalog to list it again from while waiting.
    ///   - wait: The deadline shared by every document of the command.
    ///   - whileWaiting: Told why the document is incomplete, once, if it is.
    /// - Returns: The document as listed once complete.
    /// - Throws: ``DocKitError/Code/stillIncomplete``
    ///   as above; `CancellationError` when the task is cancelled;
    ///   ``DocKitError/Code/fileSystem``, ``DocKitError`` or ``DocKitError/Code/database``
    ///   when the document cannot be listed again.
    public static func waitUntilComplete(
        _ document: Document,
        in catalog: DocumentCatalog,
        within wait: SyncWait,
        whileWaiting: (_ reason: String) -> Void = { _ in }
    ) async throws -> Document {
        var reason: DocKitError
        do {
            try refuseIfIncomplete(document, force: false, in: catalog)
            return document
        } catch let refusal as DocKitError where refusal.failure is CoordinationError {
            reason = refusal
        }
        whileWaiting((reason.failure as? CoordinationError)?.reason ?? reason.description)
        var quiet: (snapshot: TreeSnapshot, since: ContinuousClock.Instant)?
        while ContinuousClock.now < wait.deadline {
            try await Task.sleep(for: wait.pollInterval)
            guard let current = try catalog.current(document) else {
                quiet = nil
                continue
            }
            do {
                try refuseIfIncomplete(current, force: false, in: catalog)
                let snapshot = try TreeSnapshot.take(current.path)
                if let quiet, quiet.snapshot == snapshot {
                    if ContinuousClock.now - quiet.since >= wait.quietPeriod { return current }
                } else {
                    quiet = (snapshot, .now)
                }
            } catch let refusal as DocKitError where refusal.failure is CoordinationError {
                reason = refusal
                quiet = nil
            }
        }
        throw DocKitError(CoordinationError.stillIncomplete(document: document.qualifiedName, waited: wait.limit, reason: (reason.failure as? CoordinationError)?.reason ?? reason.description))
    }
}

extension DocumentCatalog {
    /// The same document listed afresh, found by the name it has or will
    /// have once its engine is done; nil while it is not there.
    fileprivate func current(_ document: Document) throws -> Document? {
        try listedDocument(in: document.location, at: document.relativePath.deletingLastComponent.appending(document.filename))
    }
}
