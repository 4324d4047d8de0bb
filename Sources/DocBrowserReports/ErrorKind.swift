import DocKit

/// The five kinds of failure docbrowser's front ends tell apart: the CLI
/// picks its exit status by them, the web API its HTTP status, and both
/// name them in JSON (`"kind": "notFound"`). DocKit's codes are finer;
/// this is the front ends' grouping of them.
public enum ErrorKind: String, Sendable, Hashable {
    /// Something asked for does not exist.
    case notFound
    /// The name is taken, or could mean several things.
    case conflict
    /// Refused because going on could lose data or cannot work now.
    case refused
    /// A file or argument could not be understood.
    case invalidInput
    /// The operation was attempted and failed.
    case failed

    /// The kind of failure a DocKit error is.
    ///
    /// - Parameter code: The error's code.
    public init(_ code: DocKitError.Code) {
        switch code {
        case .notFound, .documentNotFound, .noSuchFolder, .folderGone, .versionNotFound, .handlerNotFound, .typeNotFound,
             .noHandler, .noService:
            self = .notFound
        case .alreadyExists, .nameClash, .nameTooLong, .ambiguous:
            self = .conflict
        case .notDownloaded, .busy, .inUse, .incomplete, .stillIncomplete, .changedWhileCopied, .unresolvedConflict,
             .notSupported, .refused, .needsTerminal, .pluginStopped:
            self = .refused
        case .malformed, .invalidName, .invalidValue, .unknownFormat, .notAnArchive, .invalidQuery:
            self = .invalidInput
        default:
            self = .failed
        }
    }
}
