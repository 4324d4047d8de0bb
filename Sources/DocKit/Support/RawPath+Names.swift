#if canImport(Glibc)
import Glibc
#endif

extension RawPath {
    /// One directory entry's name: not empty, not `.` or `..`, and holding
    /// no `/` and no NUL, so that appending it can only ever reach an entry
    /// directly inside the directory.
    public var isSingleName: Bool {
        !bytes.isEmpty && !bytes.contains(UInt8(ascii: "/")) && !bytes.contains(0)
            && bytes != [UInt8(ascii: ".")] && bytes != [UInt8(ascii: "."), UInt8(ascii: ".")]
    }

    /// `self/name`, refusing any `name` that is not one entry's name.
    /// Names from outside (an archive, a sync peer, a plugin, a manifest)
    /// reach the file system only through this.
    ///
    /// - Parameter name: One entry's name.
    /// - Returns: The path of the entry in this directory.
    /// - Throws: ``DocKitError/Code/fileSystem`` with ``DocKitError/Code/fileSystem`` `EINVAL`
    ///   when `name` is empty, `.` or `..`, or holds a `/` or a NUL byte.
    public func appending(name: RawPath) throws(DocKitError) -> RawPath {
        guard name.isSingleName else {
            throw DocKitError(FileSystemError(path: appending(name), operation: "is not a single file name", errno: EINVAL))
        }
        return appending(name)
    }
}
