/// What a front end says about DocKit's objects when it looks them up
/// itself, in the words DocKit uses for them.
extension DocKitError {
    /// No handler with this identifier is registered (`handlerNotFound`).
    ///
    /// - Parameter identifier: The handler's identifier.
    /// - Returns: The error.
    public static func noSuchHandler(_ identifier: String) -> DocKitError {
        DocKitError(HandlerError.unknownHandler(identifier))
    }

    /// The handler cannot open documents (`refused`).
    ///
    /// - Parameters:
    ///   - handler: The handler's identifier.
    ///   - reason: Why, worded to follow "cannot open documents: ".
    /// - Returns: The error.
    public static func cannotOpen(handler: String, reason: String) -> DocKitError {
        DocKitError(HandlerError.cannotOpen(handler: handler, reason: reason))
    }

    /// Only the document's placeholder is here, so it cannot be opened (`notDownloaded`).
    ///
    /// - Parameter document: The document's qualified name.
    /// - Returns: The error.
    public static func notDownloadedToOpen(_ document: String) -> DocKitError {
        DocKitError(HandlerError.notDownloaded(document: document))
    }

    /// Only the document's placeholder is here, so `action` cannot be done (`notDownloaded`).
    ///
    /// - Parameters:
    ///   - document: The document's qualified name.
    ///   - action: What could not be done (`export`).
    /// - Returns: The error.
    public static func notDownloaded(_ document: String, action: String) -> DocKitError {
        DocKitError(CatalogError.notDownloaded(document, action: action))
    }

    /// No registered type has this identifier (`typeNotFound`).
    ///
    /// - Parameter identifier: The type identifier.
    /// - Returns: The error.
    public static func noSuchType(_ identifier: String) -> DocKitError {
        DocKitError(TypeRegistryError.unknownType(identifier))
    }

    /// Nothing is at the path (`notFound`).
    ///
    /// - Parameter path: The path.
    /// - Returns: The error.
    public static func noSuchFile(_ path: String) -> DocKitError {
        DocKitError(TypeRegistryError.fileNotFound(path: path))
    }

    /// The file cannot be read (`fileSystem`).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: Why, in a few words.
    /// - Returns: The error.
    public static func unreadableFile(_ path: String, reason: String) -> DocKitError {
        DocKitError(TypeRegistryError.unreadableFile(path: path, reason: reason))
    }

    /// No document is listed under this name (`documentNotFound`).
    ///
    /// - Parameter name: The name as given.
    /// - Returns: The error.
    public static func noSuchDocument(_ name: String) -> DocKitError {
        DocKitError(CatalogError.documentNotFound(name))
    }

    /// The handler runs in a terminal, and there is none (`needsTerminal`).
    ///
    /// - Parameter handler: The handler's identifier.
    /// - Returns: The error.
    public static func runsInTerminal(handler: String) -> DocKitError {
        DocKitError(HandlerError.needsTerminal(handler: handler))
    }
}
