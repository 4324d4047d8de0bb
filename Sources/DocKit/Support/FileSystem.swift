#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// The few file-system primitives every mutation is built from, each
/// atomic: a name either appears whole or not at all, and nothing is ever
/// replaced by accident.
public enum FileSystem {
    /// Hidden temporaries start with this, so the scanner never lists them
    /// and a later run can recognise and remove those a crash left behind.
    public static let temporaryPrefix = ".docbrowser-tmp-"

    /// A fresh temporary name. In a folder other devices share, `owner` is
    /// this home's ``Home/deviceTag``, so that only this device sweeps it.
    static func temporaryName(owner: String?) -> String {
        temporaryPrefix + (owner.map { "\($0)-" } ?? "") + UUID().uuidString.lowercased()
    }

    /// `mkdir -p`.
    ///
    /// - Parameters:
    ///   - path: The directory; an existing one is left as it is.
    ///   - mode: The permissions of each directory created, before the umask.
    /// - Throws: ``DocKitError/Code/fileSystem`` when `path` or a folder on the way is not
    ///   a directory, or one cannot be created.
    public static func createDirectory(_ path: RawPath, mode: mode_t = 0o755) throws(DocKitError) {
        if let status = try FileStatus.of(path) {
            guard status.kind == .directory else { throw DocKitError(FileSystemError(path: path, operation: "is not a directory", errno: ENOTDIR)) }
            return
        }
        let parent = path.deletingLastComponent
        if !parent.isEmpty, parent != path { try createDirectory(parent, mode: mode) }
        let result = path.withCString { mkdir($0, mode) }
        if result != 0, errno != EEXIST {
            throw DocKitError(FileSystemError(path: path, operation: "cannot be created", errno: errno))
        }
    }

    /// Renames `source` to `destination` only if nothing is there
    /// (renameat2 with RENAME_NOREPLACE); EEXIST otherwise.
    ///
    /// - Parameters:
    ///   - source: The item to rename.
    ///   - destination: Its new path, on the same file system.
    /// - Throws: ``DocKitError/Code/fileSystem`` with ``DocKitError/Code/fileSystem`` `EEXIST`,
    ///   naming `destination`, when something is there; naming `source` for
    ///   any other failure (`EXDEV` across file systems, say).
    public static func renameWithoutReplacing(_ source: RawPath, to destination: RawPath) throws(DocKitError) {
        let result = source.withCString { from in
            destination.withCString { to in
                cdocshims_renameat2(AT_FDCWD, from, AT_FDCWD, to, CDOCSHIMS_RENAME_NOREPLACE)
            }
        }
        guard result == 0 else {
            let code = errno
            throw DocKitError(FileSystemError(path: code == EEXIST ? destination : source, operation: code == EEXIST ? "already exists" : "cannot be renamed", errno: code))
        }
    }

    /// Swaps two names atomically (renameat2 with RENAME_EXCHANGE): a
    /// replace that never leaves the destination name empty, and keeps the
    /// displaced item, now at `first`, for the Trash.
    ///
    /// - Parameters:
    ///   - first: One item; afterwards it holds what was at `second`.
    ///   - second: The other, on the same file system; both must exist.
    /// - Throws: ``DocKitError/Code/fileSystem`` naming `first` when they cannot be exchanged.
    public static func exchange(_ first: RawPath, _ second: RawPath) throws(DocKitError) {
        let result = first.withCString { from in
            second.withCString { to in
                cdocshims_renameat2(AT_FDCWD, from, AT_FDCWD, to, CDOCSHIMS_RENAME_EXCHANGE)
            }
        }
        guard result == 0 else { throw DocKitError(FileSystemError(path: first, operation: "cannot be exchanged with \(second)", errno: errno)) }
    }

    /// Creates an empty regular file, failing with EEXIST if the name is taken.
    ///
    /// - Parameters:
    ///   - path: The file to create.
    ///   - mode: Its permissions, before the umask.
    /// - Throws: ``DocKitError/Code/fileSystem`` with ``DocKitError/Code/fileSystem`` `EEXIST`
    ///   when the name is taken, or when the file cannot be created or its
    ///   folder flushed.
    public static func createNewFile(_ path: RawPath, mode: mode_t = 0o644) throws(DocKitError) {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard descriptor >= 0 else {
            let code = errno
            throw DocKitError(FileSystemError(path: path, operation: code == EEXIST ? "already exists" : "cannot be created", errno: code))
        }
        fsync(descriptor)
        close(descriptor)
        try synchronizeDirectory(path.deletingLastComponent)
    }

    /// Creates an empty directory, failing with EEXIST if the name is taken.
    ///
    /// - Parameters:
    ///   - path: The directory to create; its parent must exist.
    ///   - mode: Its permissions, before the umask.
    /// - Throws: ``DocKitError/Code/fileSystem`` with ``DocKitError/Code/fileSystem`` `EEXIST`
    ///   when the name is taken, or when the directory cannot be created or
    ///   its folder flushed.
    public static func createNewDirectory(_ path: RawPath, mode: mode_t = 0o755) throws(DocKitError) {
        guard path.withCString({ mkdir($0, mode) }) == 0 else {
            let code = errno
            throw DocKitError(FileSystemError(path: path, operation: code == EEXIST ? "already exists" : "cannot be created", errno: code))
        }
        try synchronizeDirectory(path.deletingLastComponent)
    }

    /// Writes `data` to a hidden temporary beside `path`, flushes it, and
    /// renames it over `path`, so readers see the old or the new file, whole.
    ///
    /// - Parameters:
    ///   - data: The file's whole new contents.
    ///   - path: The file, replaced if it exists.
    ///   - mode: The new file's permissions, before the umask.
    ///   - owner: In a folder other devices share, this home's
    ///     ``Home/deviceTag``, written into the temporary's name.
    ///   - durable: Whether the file and the rename are flushed to disk.
    ///     A cache that costs only work when lost need not wait for that.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the temporary cannot be created or
    ///   written (it is then removed), or cannot be renamed over `path`.
    public static func writeAtomically(_ data: Data, to path: RawPath, mode: mode_t = 0o644, owner: String? = nil, durable: Bool = true) throws(DocKitError) {
        let directory = path.deletingLastComponent
        let temporary = directory.appending(temporaryName(owner: owner))
        try writeNewFile(data, at: temporary, mode: mode, writeFailureNames: path, durable: durable)
        let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            let code = errno
            _ = temporary.withCString { unlink($0) }
            throw DocKitError(FileSystemError(path: path, operation: "cannot be replaced", errno: code))
        }
        if durable { try synchronizeDirectory(directory) }
    }

    /// Creates `path` (failing if the name is taken), writes `data` and
    /// flushes it to disk; on failure nothing is left at `path`. The
    /// directory is not synchronized: the caller renames the file into
    /// place, or synchronizes once after writing many. A temporary's
    /// caller passes the file it stands for as `writeFailureNames`, since
    /// a full disk is that file's problem, not the hidden name's.
    static func writeNewFile(
        _ data: Data, at path: RawPath, mode: mode_t = 0o644, writeFailureNames named: RawPath? = nil, durable: Bool = true
    ) throws(DocKitError) {
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be created", errno: errno)) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, durable, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            _ = path.withCString { unlink($0) }
            throw DocKitError(FileSystemError(path: named ?? path, operation: "cannot be written", errno: failure))
        }
    }

    /// fsync on a directory makes a rename or creation in it durable.
    ///
    /// - Parameter path: The directory.
    /// - Throws: ``DocKitError/Code/fileSystem`` when it cannot be opened.
    public static func synchronizeDirectory(_ path: RawPath) throws(DocKitError) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened", errno: errno)) }
        fsync(descriptor)
        close(descriptor)
    }
}
