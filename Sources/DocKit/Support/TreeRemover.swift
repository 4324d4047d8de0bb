#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Removes a file, symbolic link or whole directory tree, never following
/// a symbolic link out of it. Callers first rename what they remove to a
/// hidden name, so a crash half-way leaves only a hidden remnant, never a
/// half-deleted document on view.
///
/// The walk goes by directory descriptors, relative to the one it is in,
/// and holds only one open at a time (it climbs back through `..`): an
/// archive can hold a tree deeper than PATH_MAX or than the process's
/// descriptor limit, and such a tree must still go.
enum TreeRemover {
    /// Removes `path` and everything under it; nothing at `path` is not an error.
    ///
    /// - Parameter path: The file, link or directory to remove; a link is removed, never followed.
    /// - Throws: ``DocKitError/Code/fileSystem`` when an entry cannot be removed or a directory cannot be read.
    public static func remove(_ path: RawPath) throws(DocKitError) {
        guard let status = try FileStatus.of(path) else { return }
        guard status.kind == .directory else {
            guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
                throw DocKitError(FileSystemError(path: path, operation: "cannot be removed", errno: errno))
            }
            return
        }
        if status.mode & 0o700 != 0o700 { _ = path.withCString { chmod($0, mode_t(status.mode & 0o7777) | 0o700) } }
        var current = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard current >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened for removal", errno: errno)) }
        var descent: [RawPath] = []
        func failure(_ operation: String, _ name: RawPath? = nil) -> FileSystemError {
            let code = errno
            let inner = (descent + (name.map { [$0] } ?? [])).last.map { "…/\($0)" } ?? ""
            return FileSystemError(path: inner.isEmpty ? path : path.appending(inner), operation: operation, errno: code)
        }
        /// The failure, with errno read before the walk's descriptor closes.
        func abandon(_ operation: String, _ name: RawPath) -> FileSystemError {
            let error = failure(operation, name)
            close(current)
            return error
        }
        while true {
            var subdirectory: RawPath?
            for name in try DirectoryReader.names(inDescriptor: current, path: descent.isEmpty ? path : path.appending("…/\(descent.last!)")) {
                var child = stat()
                guard name.withCString({ fstatat(current, $0, &child, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                    if errno == ENOENT { continue }
                    throw DocKitError(abandon("cannot be examined", name))
                }
                if child.st_mode & S_IFMT == S_IFDIR {
                    subdirectory = name
                    break
                }
                guard name.withCString({ unlinkat(current, $0, 0) }) == 0 || errno == ENOENT else {
                    throw DocKitError(abandon("cannot be removed", name))
                }
            }
            if let name = subdirectory {
                // A read-only folder inside a package must still be emptied.
                var child = stat()
                if name.withCString({ fstatat(current, $0, &child, AT_SYMLINK_NOFOLLOW) }) == 0, child.st_mode & 0o700 != 0o700 {
                    _ = name.withCString { fchmodat(current, $0, (child.st_mode & 0o7777) | 0o700, 0) }
                }
                let next = name.withCString { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                guard next >= 0 else {
                    throw DocKitError(abandon("cannot be opened for removal", name))
                }
                close(current)
                current = next
                descent.append(name)
                continue
            }
            guard let emptied = descent.popLast() else {
                close(current)
                break
            }
            let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else {
                throw DocKitError(abandon("cannot be climbed out of", emptied))
            }
            close(current)
            current = parent
            guard emptied.withCString({ unlinkat(current, $0, AT_REMOVEDIR) }) == 0 || errno == ENOENT else {
                throw DocKitError(abandon("cannot be removed", emptied))
            }
        }
        guard path.withCString({ rmdir($0) }) == 0 || errno == ENOENT else {
            throw DocKitError(FileSystemError(path: path, operation: "cannot be removed", errno: errno))
        }
    }
}
