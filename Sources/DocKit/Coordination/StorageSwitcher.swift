import Foundation

/// Switches the preferred location and moves every document of the other
/// one there, as the iOS guide prescribes ("all or none"): conflicts are
/// found before anything moves, and a switch that was interrupted is
/// finished by running it again, since each document is always whole in
/// one of the two places.
public struct StorageSwitcher: Sendable {
    /// Moves each document; its `force` and `progress` apply to every move of the switch.
    public let mover: DocumentMover

    /// Creates a switcher.
    ///
    /// - Parameter mover: The mover that carries each document across.
    public init(mover: DocumentMover) {
        self.mover = mover
    }

    /// The documents still in the other location, and what moving each
    /// would do.
    ///
    /// - Parameters:
    ///   - location: The location to switch to.
    ///   - policy: What to do when a name is taken there.
    /// - Returns: One plan per document that can move; placeholders are left out.
    /// - Throws: ``DocKitError``, ``DocKitError/Code/fileSystem`` or
    ///   ``DocKitError/Code/database`` when the other location cannot be listed;
    ///   ``DocKitError/Code/alreadyExists`` when `rename` finds no free name.
    public func plan(to location: Location, onConflict policy: ConflictPolicy) throws -> [DocumentMover.Plan] {
        try remaining(to: location).filter { !$0.states.contains(.notDownloaded) }.map { try mover.plan($0, to: location, onConflict: policy) }
    }

    /// Every document of the other location, placeholders of files not
    /// downloaded included (those cannot move, and are reported).
    ///
    /// - Parameter location: The location being switched to.
    /// - Returns: The documents of the other location, as `list` shows them
    ///   there (not inside its folders).
    /// - Throws: ``DocKitError``, ``DocKitError/Code/fileSystem`` or
    ///   ``DocKitError/Code/database`` when the other location cannot be listed.
    public func remaining(to location: Location) throws -> [Document] {
        var query = DocumentQuery()
        query.locations = [location == .local ? .cloud : .local]
        return try mover.catalog.documents(matching: query)
    }

    /// Sets the preference first, so that new documents already go to the
    /// new place while the others move; then moves each, reporting it
    /// through `each`. A document that cannot move is reported and the rest
    /// still move.
    ///
    /// - Parameters:
    ///   - location: The location to switch to.
    ///   - policy: What to do when a name is taken there; under `fail`, one
    ///     taken name stops the switch before anything changes.
    ///   - each: Called with each document and what moving it did or why it
    ///     could not move, placeholders included.
    /// - Throws: ``DocKitError/Code/alreadyExists`` when names are
    ///   taken under `fail`; ``DocKitError`` when `config.json` cannot
    ///   be read; ``DocKitError/Code/fileSystem`` when it cannot be written;
    ///   ``DocKitError`` or ``DocKitError/Code/database`` when the other location
    ///   cannot be listed. A document's own failure goes to `each` instead.
    public func switchPreferred(
        to location: Location,
        onConflict policy: ConflictPolicy,
        each: (Document, Swift.Result<DocumentMover.Result, any Error>) -> Void
    ) throws {
        let plans = try plansWithoutConflicts(to: location, onConflict: policy)
        try ConfigurationFile(home: mover.catalog.home).update { configuration throws(DocKitError) in
            try configuration.set(.preferredStorage, to: location.rawValue)
        }
        try reportPlaceholders(to: location) { each($0, .failure($1)) }
        for plan in plans {
            each(plan.document, Swift.Result { try mover.move(plan.document, to: location, onConflict: policy) })
        }
    }

    /// "Keep a Local Copy": makes local the preferred location and copies
    /// every cloud document here under a free name ("Name 2.ext"), leaving
    /// the cloud, which other devices share, as it is. Placeholders and
    /// incomplete documents are reported through `each` and not copied.
    ///
    /// - Parameters:
    ///   - dryRun: Whether to only report what would be copied, changing
    ///     nothing, the preference included.
    ///   - each: Called with each cloud document and its copy's path (`nil` in
    ///     a dry run), or why it was not copied.
    /// - Returns: How many were copied.
    /// - Throws: ``DocKitError`` when a Documents folder is missing;
    ///   ``DocKitError/Code/fileSystem`` or ``DocKitError/Code/database`` when the cloud cannot be
    ///   listed; ``DocKitError`` when `config.json` cannot be read, and
    ///   ``DocKitError/Code/fileSystem`` when it cannot be written. A document's own
    ///   failure goes to `each` instead.
    public func keepLocalCopies(dryRun: Bool, each: (Document, Swift.Result<RawPath?, any Error>) -> Void) throws -> Int {
        let catalog = mover.catalog
        let local = try catalog.locations.existingDocumentsDirectory(.local)
        var copied = 0
        for document in try remaining(to: .local) {
            each(document, Swift.Result {
                if document.states.contains(.notDownloaded) { throw DocKitError(CatalogError.notDownloaded(document.qualifiedName, action: "copy")) }
                try SyncActivity.refuseIfIncomplete(document, force: mover.force, in: catalog)
                guard !dryRun else { return nil }
                let copy = try InboxDelivery.deliver(document.path, named: document.filename, into: local, registry: catalog.registry, home: catalog.home)
                copied += 1
                return copy
            })
        }
        if !dryRun {
            try ConfigurationFile(home: catalog.home).update { configuration throws(DocKitError) in
                try configuration.set(.preferredStorage, to: Location.local.rawValue)
            }
        }
        return copied
    }

    /// What ``switchPreferred(to:onConflict:each:)`` would do, with the
    /// same refusals, for the whole switch and for each document, and
    /// changing nothing (`--dry-run`).
    ///
    /// - Parameters:
    ///   - location: The location to switch to.
    ///   - policy: What to do when a name is taken there.
    ///   - each: Called with each document and what moving it would do, or
    ///     why it could not move.
    /// - Throws: ``DocKitError/Code/alreadyExists`` when names are
    ///   taken under `fail`; ``DocKitError``, ``DocKitError/Code/fileSystem`` or
    ///   ``DocKitError/Code/database`` when the other location cannot be listed.
    public func rehearse(
        to location: Location,
        onConflict policy: ConflictPolicy,
        each: (Document, Swift.Result<DocumentMover.Plan, any Error>) -> Void
    ) throws {
        let plans = try plansWithoutConflicts(to: location, onConflict: policy)
        try reportPlaceholders(to: location) { each($0, .failure($1)) }
        for plan in plans {
            each(plan.document, Swift.Result { try mover.rehearse(plan.document, to: location, onConflict: policy) })
        }
    }

    /// All or none: one taken name under `fail` stops the whole switch.
    private func plansWithoutConflicts(to location: Location, onConflict policy: ConflictPolicy) throws -> [DocumentMover.Plan] {
        let plans = try plan(to: location, onConflict: policy)
        let conflicts = plans.filter { $0.action == .conflict }
        if !conflicts.isEmpty {
            throw DocKitError(StorageError.conflicts(location: location, names: conflicts.map(\.destinationName)))
        }
        return plans
    }

    private func reportPlaceholders(to location: Location, _ report: (Document, any Error) -> Void) throws {
        for document in try remaining(to: location) where document.states.contains(.notDownloaded) {
            report(document, DocKitError(MoveError.notDownloaded(document.qualifiedName)))
        }
    }
}

/// A storage switch was refused before anything moved.
enum StorageError: DocKitFailure, Hashable {
    /// These names are taken in `location`; nothing was moved.
    case conflicts(location: Location, names: [String])

    var code: DocKitError.Code { .alreadyExists }

    var document: String? {
        switch self {
        case .conflicts(let location, let names): names.first.map { "\(location):\($0)" }
        }
    }

    /// The taken names, qualified by location, and that nothing was moved.
    var description: String {
        switch self {
        case .conflicts(let location, let names):
            "\(names.map { "\(location):\($0)" }.joined(separator: ", ")): already exist\(names.count == 1 ? "s" : ""); nothing was moved"
        }
    }
}
