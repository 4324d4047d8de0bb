#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Copies a file, package or folder whole to a name that does not exist
/// yet: symbolic links as links (never followed), permissions, owners
/// where allowed, and access and modification times kept to the
/// nanosecond. Every file and directory is flushed to disk before `copy`
/// returns, so a rename that publishes the copy never publishes a hole.
public struct TreeCopier: Sendable {
    /// Called after each chunk with the bytes copied so far.
    public var progress: (@Sendable (Int64) -> Void)?

    private static let chunkSize = 1 << 20

    public init(progress: (@Sendable (Int64) -> Void)? = nil) {
        self.progress = progress
    }

    public func copy(_ source: RawPath, to destination: RawPath) throws(FileSystemError) {
        var copied: Int64 = 0
        try copyItem(source, to: destination, copied: &copied)
    }

    private func copyItem(_ source: RawPath, to destination: RawPath, copied: inout Int64) throws(FileSystemError) {
        var status = stat()
        guard source.withCString({ lstat($0, &status) }) == 0 else {
            throw FileSystemError(path: source, operation: "cannot be examined", errno: errno)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            try copyFile(source, to: destination, status: status, copied: &copied)
        case S_IFDIR:
            try copyDirectory(source, to: destination, status: status, copied: &copied)
        case S_IFLNK:
            try copySymbolicLink(source, to: destination, status: status)
        default:
            throw FileSystemError(path: source, operation: "is a device, FIFO or socket, which is never copied", errno: EOPNOTSUPP)
        }
    }

    private func copyFile(_ source: RawPath, to destination: RawPath, status: stat, copied: inout Int64) throws(FileSystemError) {
        let input = source.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard input >= 0 else { throw FileSystemError(path: source, operation: "cannot be read", errno: errno) }
        defer { close(input) }
        let output = destination.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard output >= 0 else { throw FileSystemError(path: destination, operation: "cannot be created", errno: errno) }
        defer { close(output) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, Self.chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: source, operation: "cannot be read", errno: errno)
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = write(output, buffer + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: destination, operation: "cannot be written", errno: errno)
                }
                offset += written
            }
            copied += Int64(count)
            progress?(copied)
        }
        // Owners first: chown clears set-user-ID bits that chmod then restores.
        _ = fchown(output, status.st_uid, status.st_gid)
        guard fchmod(output, status.st_mode & 0o7777) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot take the original permissions", errno: errno)
        }
        var times = [status.st_atim, status.st_mtim]
        guard futimens(output, &times) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot take the original times", errno: errno)
        }
        guard fsync(output) == 0 else { throw FileSystemError(path: destination, operation: "cannot be flushed to disk", errno: errno) }
    }

    private func copyDirectory(_ source: RawPath, to destination: RawPath, status: stat, copied: inout Int64) throws(FileSystemError) {
        // Owner-writable while filling, so read-only folders copy too.
        guard destination.withCString({ mkdir($0, 0o700) }) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot be created", errno: errno)
        }
        for name in try DirectoryReader.names(in: source).sorted() {
            try copyItem(source.appending(name), to: destination.appending(name), copied: &copied)
        }
        _ = destination.withCString { lchown($0, status.st_uid, status.st_gid) }
        guard destination.withCString({ chmod($0, status.st_mode & 0o7777) }) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot take the original permissions", errno: errno)
        }
        try setTimes(of: destination, from: status)
        try FileSystem.synchronizeDirectory(destination)
    }

    private func copySymbolicLink(_ source: RawPath, to destination: RawPath, status: stat) throws(FileSystemError) {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = source.withCString { readlink($0, &target, target.count - 1) }
        guard length >= 0 else { throw FileSystemError(path: source, operation: "cannot be read", errno: errno) }
        target[length] = 0
        guard destination.withCString({ symlink(target, $0) }) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot be created", errno: errno)
        }
        _ = destination.withCString { lchown($0, status.st_uid, status.st_gid) }
        try setTimes(of: destination, from: status)
    }

    private func setTimes(of path: RawPath, from status: stat) throws(FileSystemError) {
        var times = [status.st_atim, status.st_mtim]
        guard path.withCString({ utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw FileSystemError(path: path, operation: "cannot take the original times", errno: errno)
        }
    }
}
