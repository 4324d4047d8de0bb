import Foundation

/// What DocKit itself decides by, beyond the public code: the `errno` of a
/// failed call, and the area's own account.
extension DocKitError {
    /// The `errno` of the system call or lock that failed; 0 for any other failure.
    var errno: Int32 {
        if let failure = failure as? FileSystemError { return failure.errno }
        if let failure = failure as? LockError { return failure.errno }
        if case .fileSystem(let error)? = failure as? EditingError { return error.errno }
        return 0
    }

    /// The file-system failure this is, if it is one.
    var fileSystemFailure: FileSystemError? {
        return failure as? FileSystemError
    }
}

extension DocKitError {
    /// The same failure, its message followed by `suffix` (`; ignored`).
    func adding(_ suffix: String) -> DocKitError {
        var error = self
        error.description += suffix
        return error
    }
}

extension DocKitError {
    /// The malformed file this is about, with the key path within it, as
    /// the type registry stores the problems it met.
    var malformedFile: MalformedFileError {
        failure as? MalformedFileError ?? MalformedFileError(path: document ?? "", reason: description)
    }
}
