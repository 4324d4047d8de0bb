#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Removes a file, symbolic link or whole directory tree, never following
/// a symbolic link out of it. Callers first rename what they remove to a
/// hidden name, so a crash half-way leaves only a hidden remnant, never a
/// half-deleted document on view.
public enum TreeRemover {
    public static func remove(_ path: RawPath) throws(FileSystemError) {
        guard let status = try FileStatus.of(path) else { return }
        if status.kind == .directory {
            // A read-only folder inside a package must still be emptied.
            if status.mode & 0o300 != 0o300 { _ = path.withCString { chmod($0, mode_t(status.mode & 0o7777) | 0o700) } }
            for name in try DirectoryReader.names(in: path) {
                try remove(path.appending(name))
            }
            guard path.withCString({ rmdir($0) }) == 0 || errno == ENOENT else {
                throw FileSystemError(path: path, operation: "cannot be removed", errno: errno)
            }
        } else {
            guard path.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
                throw FileSystemError(path: path, operation: "cannot be removed", errno: errno)
            }
        }
    }
}
