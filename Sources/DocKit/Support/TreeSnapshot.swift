#if canImport(Glibc)
import Glibc
#endif

/// What a file or a tree is at one instant: for every entry, its kind,
/// size, inode, and modification and change times. Two snapshots differ
/// when anything was written, added, removed or renamed in between; a
/// reader (the copier) changes none of it.
struct TreeSnapshot: Equatable {
    struct Signature: Equatable {
        var mode: UInt32
        var size: Int64
        var inode: UInt64
        var modificationTime: Int64
        var changeTime: Int64

        init(_ status: stat) {
            mode = status.st_mode
            size = Int64(status.st_size)
            inode = UInt64(status.st_ino)
            modificationTime = Nanoseconds.since1970(status.st_mtim)
            changeTime = Nanoseconds.since1970(status.st_ctim)
        }
    }

    /// By path relative to the item; the item itself is the empty path.
    private(set) var entries: [RawPath: Signature] = [:]

    static func take(_ path: RawPath) throws(DocKitError) -> TreeSnapshot {
        var snapshot = TreeSnapshot()
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            throw DocKitError(FileSystemError(path: path, operation: "cannot be examined", errno: errno))
        }
        snapshot.entries[RawPath(bytes: [])] = Signature(status)
        if status.st_mode & S_IFMT == S_IFDIR {
            try TreeWalk.visit(path) { relativePath, status in
                snapshot.entries[relativePath] = Signature(status)
                return true
            }
        }
        return snapshot
    }

    /// An entry that differs between the two, for messages.
    func firstDifference(from other: TreeSnapshot) -> RawPath? {
        for (path, signature) in entries where other.entries[path] != signature { return path }
        return other.entries.keys.first { entries[$0] == nil }
    }
}
