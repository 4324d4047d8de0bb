extension TreeCopier {
    /// Copies `source` to `destination` and checks that the source did not
    /// change meanwhile: a sync engine may be writing it, and then the copy
    /// is not the document. Throws ``DocKitError/Code/changedWhileCopied``
    /// then, leaving the copy for the caller to remove.
    func copyVerified(_ source: RawPath, to destination: RawPath) throws {
        let before = try TreeSnapshot.take(source)
        try copy(source, to: destination)
        if let changed = try TreeSnapshot.take(source).firstDifference(from: before) {
            throw DocKitError(MoveError.changedWhileCopied(source.description, entry: changed.description))
        }
    }
}
