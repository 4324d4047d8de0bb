extension ConflictResolver {
    /// A package that lost most of its tree (`PackageLoss`) keeps what is
    /// left (`current`), which ends the conflict and leaves the whole
    /// package where it is, or a whole package by its number, which takes
    /// the remnant's place while the remnant goes to the Trash. Nothing
    /// else is offered: a mix of the two is a package no device wrote.
    func planLostPackage(_ versions: DocumentVersions, keeping choice: Choice) throws -> Plan {
        let name = versions.document.qualifiedName
        var plan = Plan(versions: versions, kept: versions.current, separated: [], trashed: [])
        switch choice {
        case .current:
            guard versions.current != nil else { throw DocKitError(VersionsError.noCurrentVersion(document: name)) }
        case .version(let number):
            guard let version = versions.unresolvedConflicts.first(where: { $0.number == number }) else {
                throw DocKitError(VersionsError.noSuchVersion(document: name, number: number, count: versions.unresolvedConflicts.count))
            }
            guard version.wholePackage != nil else { throw DocKitError(VersionsError.lostPackage(document: name)) }
            plan.kept = version
            plan.trashed = [versions.current].compactMap { $0 }
        case .newest, .all:
            throw DocKitError(VersionsError.lostPackage(document: name))
        }
        return plan
    }

    /// `resolve(_:keeping:)` for a package that lost most of its tree: the
    /// whole package kept is restored from the Trash over the remnant, as
    /// `trash restore --replace` restores it, or rebuilt from Syncthing's
    /// versions as a conflict inside a package is resolved (journaled
    /// either way, the remnant going to the Trash); then the catalog
    /// forgets the loss. A crash between the two leaves the package whole,
    /// which the next listing takes for the end of the conflict as well.
    func resolveLostPackage(_ document: Document, keeping choice: Choice) throws -> Plan {
        let plan = try holding(document) { () throws -> Plan in
            let plan = try planLostPackage(catalog.versions(of: document), keeping: choice)
            if case .syncthingVersions(let files)? = plan.kept?.wholePackage {
                _ = try JournaledResolution(home: catalog.home, trash: trash).restore(document.path, filling: files)
            }
            return plan
        }
        // Once the lock is released: the restore takes it itself.
        if case .trash(let item)? = plan.kept?.wholePackage {
            _ = try TrashRestorer(home: catalog.home, trash: trash).restore(item, onConflict: .replace)
        }
        try? catalog.noteOwnChange(in: document.location, at: document.relativePath)
        try catalog.scanner.catalog.forgetTree(at: document.relativePath, in: document.location)
        return plan
    }
}
