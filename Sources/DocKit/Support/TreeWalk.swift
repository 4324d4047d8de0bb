#if canImport(Glibc)
import Glibc
#endif

/// Everything below a folder, reached through directory descriptors
/// (`openat`, one per level), never following a symbolic link: a
/// document's paths may be longer than PATH_MAX.
enum TreeWalk {
    /// Calls `visit` with each entry's path relative to `root` and its
    /// status, a folder before what it holds; a `false` from `visit` ends
    /// the walk.
    static func visit(_ root: RawPath, _ visit: (RawPath, stat) -> Bool) throws(DocKitError) {
        try self.visit(root) { path, status, _ in visit(path, status) }
    }

    /// As ``visit(_:_:)``, giving `visit` too the descriptor of the folder
    /// that holds the entry, through which it may remove the entry (a
    /// path from `root` can be too long to name it).
    static func visit(_ root: RawPath, _ visit: (_ path: RawPath, _ status: stat, _ folder: Int32) -> Bool) throws(DocKitError) {
        _ = ResourceLimits.raisedOpenFileLimit()
        let descriptor = root.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: root, operation: "cannot be read", errno: errno)) }
        var going = true
        try walk(descriptor, relativePath: RawPath(bytes: []), root: root, going: &going, visit)
    }

    /// Takes ownership of `descriptor`.
    private static func walk(_ descriptor: Int32, relativePath: RawPath, root: RawPath, going: inout Bool, _ visit: (RawPath, stat, Int32) -> Bool) throws(DocKitError) {
        guard let stream = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            throw DocKitError(FileSystemError(path: root.appending(relativePath), operation: "cannot be listed", errno: code))
        }
        defer { closedir(stream) }
        while going, let entry = readdir(stream) {
            let bytes = Array(entry.nameBytes)
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let name = RawPath(bytes: bytes)
            var status = stat()
            guard name.withCString({ fstatat(dirfd(stream), $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            let path = relativePath.appending(name)
            guard visit(path, status, dirfd(stream)) else {
                going = false
                return
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                let child = name.withCString { openat(dirfd(stream), $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                guard child >= 0 else { throw DocKitError(FileSystemError(path: root.appending(path), operation: "cannot be read", errno: errno)) }
                try walk(child, relativePath: path, root: root, going: &going, visit)
            }
        }
    }
}
