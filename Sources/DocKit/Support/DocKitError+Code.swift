extension DocKitError {
    /// Which failure a ``DocKitError`` is. The raw value is the name of the
    /// static member, so a code reads the same in JSON and in Swift.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name of the code (`notFound`).
        public var rawValue: String

        /// Creates a code from its name.
        ///
        /// - Parameter rawValue: The name of the code.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name of the code.
        public var description: String { rawValue }

        /// A document, file, folder or setting that was asked for, or was there a moment ago, is not there.
        public static let notFound = Code(rawValue: "notFound")
        /// No listed document has the name given.
        public static let documentNotFound = Code(rawValue: "documentNotFound")
        /// The folder a document is to go into is not one the catalog lists.
        public static let noSuchFolder = Code(rawValue: "noSuchFolder")
        /// The folder a document is to go back or be copied into no longer exists.
        public static let folderGone = Code(rawValue: "folderGone")
        /// The document has no conflict version of the number given.
        public static let versionNotFound = Code(rawValue: "versionNotFound")
        /// No handler with the identifier given is registered.
        public static let handlerNotFound = Code(rawValue: "handlerNotFound")
        /// No registered type has the identifier given.
        public static let typeNotFound = Code(rawValue: "typeNotFound")
        /// No handler opens documents of the type; ``DocKitError/alternatives`` names the handlers that open other types.
        public static let noHandler = Code(rawValue: "noHandler")
        /// No handler offers the service (preview, export, thumbnails, …) for the type.
        public static let noService = Code(rawValue: "noService")
        /// The name is taken at the destination.
        public static let alreadyExists = Code(rawValue: "alreadyExists")
        /// Two items brought in at once would take one name.
        public static let nameClash = Code(rawValue: "nameClash")
        /// A numbered name for an imported item would be longer than a file name may be.
        public static let nameTooLong = Code(rawValue: "nameTooLong")
        /// The name given could mean several documents; ``DocKitError/alternatives`` names them.
        public static let ambiguous = Code(rawValue: "ambiguous")
        /// Only a cloud placeholder is here, so there is nothing to open, move, copy or make a thumbnail of.
        public static let notDownloaded = Code(rawValue: "notDownloaded")
        /// Another process using DocKit is moving, deleting or saving the document.
        public static let busy = Code(rawValue: "busy")
        /// An app has the document open.
        public static let inUse = Code(rawValue: "inUse")
        /// A sync engine or another program is still writing the document.
        public static let incomplete = Code(rawValue: "incomplete")
        /// The document was still being written when waiting for it ran out.
        public static let stillIncomplete = Code(rawValue: "stillIncomplete")
        /// The document changed while it was being copied to another file system; the move was undone.
        public static let changedWhileCopied = Code(rawValue: "changedWhileCopied")
        /// The document has conflict versions that the operation would leave behind.
        public static let unresolvedConflict = Code(rawValue: "unresolvedConflict")
        /// The file system or the file cannot do it: tags where no extended attributes are kept, a symbolic link, a device file in a package.
        public static let notSupported = Code(rawValue: "notSupported")
        /// Refused because going on could lose data or cannot work: a folder into itself, a handler that cannot open documents.
        public static let refused = Code(rawValue: "refused")
        /// The handler runs in a terminal, and there is none.
        public static let needsTerminal = Code(rawValue: "needsTerminal")
        /// A file does not hold what it should: a property list, a manifest, an archive, a configuration, a plugin's answer.
        public static let malformed = Code(rawValue: "malformed")
        /// A document or tag name cannot be used: empty, hidden, with a slash, or one DocKit hides.
        public static let invalidName = Code(rawValue: "invalidName")
        /// A value given cannot be used: a setting's value, a type without an extension, a version to keep, an item that is no document.
        public static let invalidValue = Code(rawValue: "invalidValue")
        /// An archive format named is none that a registered type declares.
        public static let unknownFormat = Code(rawValue: "unknownFormat")
        /// An output name's extension names a type that is not an archive.
        public static let notAnArchive = Code(rawValue: "notAnArchive")
        /// A search query cannot be parsed.
        public static let invalidQuery = Code(rawValue: "invalidQuery")
        /// A plugin failed, crashed, ran past its time limit or broke the plugin protocol.
        public static let pluginFailed = Code(rawValue: "pluginFailed")
        /// The watchdog stopped a plugin that made no progress or used too much processor time: the input may be hostile.
        public static let pluginStopped = Code(rawValue: "pluginStopped")
        /// The process received SIGINT or SIGTERM and passed it on to the plugin it ran; ``DocKitError/signal`` says which.
        public static let cancelled = Code(rawValue: "cancelled")
        /// A handler's program could not be started.
        public static let launchFailed = Code(rawValue: "launchFailed")
        /// The document is not open.
        public static let notOpen = Code(rawValue: "notOpen")
        /// The app's own `DocumentContents` could not load or give the contents; ``DocKitError/underlying`` is its error.
        public static let contentsFailed = Code(rawValue: "contentsFailed")
        /// A system call on a file failed, or a folder cannot be used; ``DocKitError/underlying`` is the `POSIXError`.
        public static let fileSystem = Code(rawValue: "fileSystem")
        /// A catalog or index database could not be opened or used.
        public static let database = Code(rawValue: "database")

        /// Every code DocKit throws, in the order they are declared.
        public static let all: [Code] = [
            .notFound, .documentNotFound, .noSuchFolder, .folderGone,
            .versionNotFound, .handlerNotFound, .typeNotFound, .noHandler,
            .noService, .alreadyExists, .nameClash, .nameTooLong, .ambiguous,
            .notDownloaded, .busy, .inUse, .incomplete,
            .stillIncomplete, .changedWhileCopied, .unresolvedConflict, .notSupported,
            .refused, .needsTerminal, .malformed, .invalidName,
            .invalidValue, .unknownFormat, .notAnArchive, .invalidQuery,
            .pluginFailed, .pluginStopped, .cancelled, .launchFailed,
            .notOpen, .contentsFailed, .fileSystem, .database,
        ]

        /// Whether `error` is a `DocKitError` with this code, so that
        /// `catch DocKitError.Code.notFound` matches as `catch DocKitError.notFound` does.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: Whether it is a `DocKitError` with `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? DocKitError)?.code == code
        }

        /// Whether `error` has this code, so that `catch .notFound` matches
        /// where the call throws only `DocKitError`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: Whether `error.code` is `code`.
        public static func ~= (code: Code, error: DocKitError) -> Bool {
            error.code == code
        }
    }

    /// A document, file, folder or setting that was asked for, or was there a moment ago, is not there.
    public static let notFound = Code.notFound
    /// No listed document has the name given.
    public static let documentNotFound = Code.documentNotFound
    /// The folder a document is to go into is not one the catalog lists.
    public static let noSuchFolder = Code.noSuchFolder
    /// The folder a document is to go back or be copied into no longer exists.
    public static let folderGone = Code.folderGone
    /// The document has no conflict version of the number given.
    public static let versionNotFound = Code.versionNotFound
    /// No handler with the identifier given is registered.
    public static let handlerNotFound = Code.handlerNotFound
    /// No registered type has the identifier given.
    public static let typeNotFound = Code.typeNotFound
    /// No handler opens documents of the type; ``DocKitError/alternatives`` names the handlers that open other types.
    public static let noHandler = Code.noHandler
    /// No handler offers the service (preview, export, thumbnails, …) for the type.
    public static let noService = Code.noService
    /// The name is taken at the destination.
    public static let alreadyExists = Code.alreadyExists
    /// Two items brought in at once would take one name.
    public static let nameClash = Code.nameClash
    /// A numbered name for an imported item would be longer than a file name may be.
    public static let nameTooLong = Code.nameTooLong
    /// The name given could mean several documents; ``DocKitError/alternatives`` names them.
    public static let ambiguous = Code.ambiguous
    /// Only a cloud placeholder is here, so there is nothing to open, move, copy or make a thumbnail of.
    public static let notDownloaded = Code.notDownloaded
    /// Another process using DocKit is moving, deleting or saving the document.
    public static let busy = Code.busy
    /// An app has the document open.
    public static let inUse = Code.inUse
    /// A sync engine or another program is still writing the document.
    public static let incomplete = Code.incomplete
    /// The document was still being written when waiting for it ran out.
    public static let stillIncomplete = Code.stillIncomplete
    /// The document changed while it was being copied to another file system; the move was undone.
    public static let changedWhileCopied = Code.changedWhileCopied
    /// The document has conflict versions that the operation would leave behind.
    public static let unresolvedConflict = Code.unresolvedConflict
    /// The file system or the file cannot do it: tags where no extended attributes are kept, a symbolic link, a device file in a package.
    public static let notSupported = Code.notSupported
    /// Refused because going on could lose data or cannot work: a folder into itself, a handler that cannot open documents.
    public static let refused = Code.refused
    /// The handler runs in a terminal, and there is none.
    public static let needsTerminal = Code.needsTerminal
    /// A file does not hold what it should: a property list, a manifest, an archive, a configuration, a plugin's answer.
    public static let malformed = Code.malformed
    /// A document or tag name cannot be used: empty, hidden, with a slash, or one DocKit hides.
    public static let invalidName = Code.invalidName
    /// A value given cannot be used: a setting's value, a type without an extension, a version to keep, an item that is no document.
    public static let invalidValue = Code.invalidValue
    /// An archive format named is none that a registered type declares.
    public static let unknownFormat = Code.unknownFormat
    /// An output name's extension names a type that is not an archive.
    public static let notAnArchive = Code.notAnArchive
    /// A search query cannot be parsed.
    public static let invalidQuery = Code.invalidQuery
    /// A plugin failed, crashed, ran past its time limit or broke the plugin protocol.
    public static let pluginFailed = Code.pluginFailed
    /// The watchdog stopped a plugin that made no progress or used too much processor time: the input may be hostile.
    public static let pluginStopped = Code.pluginStopped
    /// The process received SIGINT or SIGTERM and passed it on to the plugin it ran; ``DocKitError/signal`` says which.
    public static let cancelled = Code.cancelled
    /// A handler's program could not be started.
    public static let launchFailed = Code.launchFailed
    /// The document is not open.
    public static let notOpen = Code.notOpen
    /// The app's own `DocumentContents` could not load or give the contents; ``DocKitError/underlying`` is its error.
    public static let contentsFailed = Code.contentsFailed
    /// A system call on a file failed, or a folder cannot be used; ``DocKitError/underlying`` is the `POSIXError`.
    public static let fileSystem = Code.fileSystem
    /// A catalog or index database could not be opened or used.
    public static let database = Code.database
}
