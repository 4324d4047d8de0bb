extension DocumentImporter {
    /// Locks one batch of an import too large to lock at once, and checks
    /// under the lock what ``plan`` checks for a whole import: every new
    /// name is still free, and every document to replace is still there
    /// and not open. The names were chosen before any lock was held, so
    /// another process may have taken one since; then the import fails, and
    /// the batches already placed are taken back.
    ///
    /// - Parameters:
    ///   - batch: The placements to lock.
    ///   - location: Where the documents go, for names in messages.
    /// - Returns: The lock, to release once the batch is placed.
    /// - Throws: ``DocKitError/Code/alreadyExists`` when a name was taken
    ///   or a document to replace went; ``DocKitError`` when one is
    ///   busy or open.
    func lockChecked(_ batch: ArraySlice<ImportPlacement>, location: Location) throws -> DocumentLock {
        let lock = try DocumentLock(batch.map(\.destination), in: LockDirectory(home: catalog.home),
                                    holder: LockHolder(activity: "importing into \(location)"), waiting: force)
        do {
            for placement in batch {
                let name = "\(location):\(placement.destination.lastComponent)"
                if placement.replace {
                    try checkReplacement(placement, location: location)
                } else if try DocumentName.isTaken(placement.destination, caseInsensitive: location == .cloud) {
                    throw DocKitError(MoveError.destinationTaken(name))
                }
            }
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Under the lock: the document to replace is still there, and no app has it open.
    func checkReplacement(_ placement: ImportPlacement, location: Location) throws {
        let name = "\(location):\(placement.destination.lastComponent)"
        if try FileStatus.of(placement.destination) == nil { throw DocKitError(MoveError.destinationTaken(name)) }
        try OpenDocumentRecord.refuseIfOpen(placement.destination, name: name, in: LockDirectory(home: catalog.home), force: force)
    }
}
