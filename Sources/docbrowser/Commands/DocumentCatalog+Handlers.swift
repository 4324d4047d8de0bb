import DocKit

extension DocumentCatalog {
    /// A document to give a handler: a placeholder has no file to give.
    func resolveForHandler(_ argument: String) throws -> Document {
        let document = try resolve(argument)
        if document.states.contains(.notDownloaded) { throw DocKitError.notDownloadedToOpen(document.qualifiedName) }
        return document
    }
}
