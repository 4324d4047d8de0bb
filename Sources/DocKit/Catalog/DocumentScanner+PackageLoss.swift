extension DocumentScanner {
    /// Whether the cloud package at `relativePath`, holding `package` now,
    /// has lost most of its tree (`PackageLoss`) through no doing of
    /// docbrowser's, and is therefore in conflict: what a sync engine makes
    /// of a deletion on one device and an edit on another.
    ///
    /// The tree it is judged against is the one the catalog had (`previous`),
    /// or the one remembered from before it shrank or vanished
    /// (``CatalogStore/RememberedTree``); a package that vanished counts
    /// only while this device still has it whole (`WholePackageCopies`), so that a new
    /// small package under an old name is no conflict. A loss found is
    /// remembered: the package stays in conflict until it is whole again,
    /// docbrowser itself writes it, or the conflict is resolved.
    ///
    /// - Parameter isSettled: Whether the package has been left alone for
    ///   the quiet period: one still changing is judged once it settles.
    func hasLostMostOfItsTree(
        _ relativePath: RawPath, in location: Location, package: PackageContents, previous: PackageContents?, status: FileStatus, isSettled: Bool
    ) throws -> Bool {
        guard location == .cloud else { return false }
        let remembered = try catalog.rememberedTree(at: relativePath, in: location)
        if let remembered, remembered.state == .lost {
            if PackageLoss.isLost(package, from: remembered.whole), try !isOwnChange(relativePath, in: location, status: status, package: package) {
                return true
            }
            try catalog.forgetTree(at: relativePath, in: location)
            return false
        }
        guard isSettled else {
            if remembered == nil, let previous, PackageLoss.isLost(package, from: previous) {
                try catalog.remember(.init(whole: previous, state: .shrinking), at: relativePath, in: location)
            }
            return false
        }
        let whole = remembered?.whole ?? previous
        var isLost = whole.map { PackageLoss.isLost(package, from: $0) } ?? false
        if isLost, let whole, remembered?.state == .vanished {
            isLost = try WholePackageCopies.exist(of: locations.documentsDirectory(location).appending(relativePath), whole: whole, trash: trash)
        }
        if isLost, let whole, try !isOwnChange(relativePath, in: location, status: status, package: package) {
            try catalog.remember(.init(whole: whole, state: .lost), at: relativePath, in: location)
            return true
        }
        if remembered != nil { try catalog.forgetTree(at: relativePath, in: location) }
        return false
    }
}
