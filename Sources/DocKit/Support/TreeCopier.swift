#if canImport(Glibc)
import Glibc
#endif
import CDocShims
import Foundation

/// Copies a file, package or folder whole to a name that does not exist
/// yet: symbolic links as links (never followed), permissions, owners
/// where allowed, and access and modification times kept to the
/// nanosecond. Every file and directory is flushed to disk before `copy`
/// returns, so a rename that publishes the copy never publishes a hole.
///
/// Like `TreeRemover`, the walk goes by directory descriptors, one open
/// on each side at a time, climbing back through `..`: a document can
/// hold paths longer than PATH_MAX, or be deeper than the descriptor
/// limit, and still moves whole between file systems.
struct TreeCopier: Sendable {
    /// Called after each chunk with the bytes copied so far.
    public var progress: (@Sendable (Int64) -> Void)?

    private static let chunkSize = 1 << 20

    /// Creates a copier.
    ///
    /// - Parameter progress: Called with the running total of bytes copied, or `nil`.
    public init(progress: (@Sendable (Int64) -> Void)? = nil) {
        self.progress = progress
    }

    /// Copies `source` whole to `destination`, which must not exist.
    ///
    /// - Parameters:
    ///   - source: The file, link, package or folder to copy; a link is copied as a link.
    ///   - destination: The new path; its parent must exist.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the source cannot be read, the destination exists
    ///   or cannot be written, or flushing to disk fails; a partial copy is left for the caller to remove.
    public func copy(_ source: RawPath, to destination: RawPath) throws(DocKitError) {
        var status = stat()
        guard source.withCString({ lstat($0, &status) }) == 0 else {
            throw DocKitError(FileSystemError(path: source, operation: "cannot be examined", errno: errno))
        }
        var copied: Int64 = 0
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            try copyTree(source, to: destination, status: status, copied: &copied)
        default:
            let sourceFolder = try Folder(opening: source.deletingLastComponent, for: source)
            defer { sourceFolder.close() }
            let destinationFolder = try Folder(opening: destination.deletingLastComponent, for: destination)
            defer { destinationFolder.close() }
            try copyLeaf(Entry(source: sourceFolder, destination: destinationFolder, sourceName: source.lastComponent,
                               destinationName: destination.lastComponent, status: status,
                               sourcePath: source, destinationPath: destination), copied: &copied)
        }
    }

    /// A directory open on one side of the copy, with its identity, so that
    /// a climb through `..` can prove it came back to it.
    private struct Folder {
        var descriptor: Int32
        var device: UInt64
        var inode: UInt64

        init(opening path: RawPath, for item: RawPath) throws(DocKitError) {
            let target = path.isEmpty ? RawPath(".") : path
            descriptor = target.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: item, operation: "cannot be reached", errno: errno)) }
            (device, inode) = Self.identity(of: descriptor)
        }

        init(descriptor: Int32) {
            self.descriptor = descriptor
            (device, inode) = Self.identity(of: descriptor)
        }

        static func identity(of descriptor: Int32) -> (UInt64, UInt64) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return (0, 0) }
            return (UInt64(status.st_dev), UInt64(status.st_ino))
        }

        func close() { _ = Glibc.close(descriptor) }
    }

    /// One item to copy: its name in the folders open on either side, and
    /// its full paths, for messages only.
    private struct Entry {
        var source: Folder
        var destination: Folder
        var sourceName: RawPath
        var destinationName: RawPath
        var status: stat
        var sourcePath: RawPath
        var destinationPath: RawPath
    }

    /// A directory being filled: the names still to copy, and what it must
    /// become once they are.
    private struct Level {
        var remaining: [RawPath]
        var status: stat
        var sourcePath: RawPath
        var destinationPath: RawPath
        /// The folders above, to prove each climb back.
        var sourceParent: (device: UInt64, inode: UInt64)
        var destinationParent: (device: UInt64, inode: UInt64)
    }

    private func copyTree(_ source: RawPath, to destination: RawPath, status: stat, copied: inout Int64) throws(DocKitError) {
        // Owner-writable while filling, so read-only folders copy too.
        guard destination.withCString({ mkdir($0, 0o700) }) == 0 else {
            throw DocKitError(FileSystemError(path: destination, operation: "cannot be created", errno: errno))
        }
        var sourceFolder = try Folder(opening: source, for: source)
        let destinationOpened = destination.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard destinationOpened >= 0 else {
            let code = errno
            sourceFolder.close()
            throw DocKitError(FileSystemError(path: destination, operation: "cannot be opened", errno: code))
        }
        var destinationFolder = Folder(descriptor: destinationOpened)
        defer {
            sourceFolder.close()
            destinationFolder.close()
        }
        var levels = [Level(remaining: try names(in: sourceFolder, path: source), status: status, sourcePath: source, destinationPath: destination,
                            sourceParent: (0, 0), destinationParent: (0, 0))]
        while let level = levels.last {
            guard let name = levels[levels.count - 1].remaining.popLast() else {
                try finish(destinationFolder.descriptor, from: sourceFolder.descriptor, like: level.status, path: level.destinationPath)
                levels.removeLast()
                guard !levels.isEmpty else { break }
                sourceFolder = try climb(from: sourceFolder, to: level.sourceParent, path: level.sourcePath)
                destinationFolder = try climb(from: destinationFolder, to: level.destinationParent, path: level.destinationPath)
                continue
            }
            let sourcePath = level.sourcePath.appending(name)
            let destinationPath = level.destinationPath.appending(name)
            var child = stat()
            guard name.withCString({ fstatat(sourceFolder.descriptor, $0, &child, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                throw DocKitError(FileSystemError(path: sourcePath, operation: "cannot be examined", errno: errno))
            }
            guard child.st_mode & S_IFMT == S_IFDIR else {
                try copyLeaf(Entry(source: sourceFolder, destination: destinationFolder, sourceName: name, destinationName: name, status: child,
                                   sourcePath: sourcePath, destinationPath: destinationPath), copied: &copied)
                continue
            }
            guard name.withCString({ mkdirat(destinationFolder.descriptor, $0, 0o700) }) == 0 else {
                throw DocKitError(FileSystemError(path: destinationPath, operation: "cannot be created", errno: errno))
            }
            let sourceChild = name.withCString { openat(sourceFolder.descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard sourceChild >= 0 else { throw DocKitError(FileSystemError(path: sourcePath, operation: "cannot be read", errno: errno)) }
            let destinationChild = name.withCString { openat(destinationFolder.descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard destinationChild >= 0 else {
                let code = errno
                _ = Glibc.close(sourceChild)
                throw DocKitError(FileSystemError(path: destinationPath, operation: "cannot be opened", errno: code))
            }
            let parents = ((sourceFolder.device, sourceFolder.inode), (destinationFolder.device, destinationFolder.inode))
            sourceFolder.close()
            destinationFolder.close()
            sourceFolder = Folder(descriptor: sourceChild)
            destinationFolder = Folder(descriptor: destinationChild)
            levels.append(Level(remaining: try names(in: sourceFolder, path: sourcePath), status: child, sourcePath: sourcePath,
                                destinationPath: destinationPath, sourceParent: parents.0, destinationParent: parents.1))
        }
    }

    /// Back to the folder above through `..`, which must be the one the
    /// walk came down from: a source renamed meanwhile is not followed.
    private func climb(from folder: Folder, to parent: (device: UInt64, inode: UInt64), path: RawPath) throws(DocKitError) -> Folder {
        let opened = openat(folder.descriptor, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be climbed out of", errno: errno)) }
        let above = Folder(descriptor: opened)
        guard above.device == parent.device, above.inode == parent.inode else {
            above.close()
            throw DocKitError(FileSystemError(path: path, operation: "was moved while it was being copied", errno: ESTALE))
        }
        folder.close()
        return above
    }

    /// Listed in reverse order, so that popping from the end copies by name.
    private func names(in folder: Folder, path: RawPath) throws(DocKitError) -> [RawPath] {
        try DirectoryReader.names(inDescriptor: folder.descriptor, path: path).sorted(by: >)
    }

    private func copyLeaf(_ entry: Entry, copied: inout Int64) throws(DocKitError) {
        switch entry.status.st_mode & S_IFMT {
        case S_IFREG:
            try copyFile(entry, copied: &copied)
        case S_IFLNK:
            try copySymbolicLink(entry)
        default:
            throw DocKitError(FileSystemError(path: entry.sourcePath, operation: "is a device, FIFO or socket, which is never copied", errno: EOPNOTSUPP))
        }
    }

    private func copyFile(_ entry: Entry, copied: inout Int64) throws(DocKitError) {
        let input = entry.sourceName.withCString { openat(entry.source.descriptor, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard input >= 0 else { throw DocKitError(FileSystemError(path: entry.sourcePath, operation: "cannot be read", errno: errno)) }
        defer { _ = Glibc.close(input) }
        let output = entry.destinationName.withCString {
            openat(entry.destination.descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard output >= 0 else { throw DocKitError(FileSystemError(path: entry.destinationPath, operation: "cannot be created", errno: errno)) }
        defer { _ = Glibc.close(output) }
        let start = copied
        var total = copied
        // Shared blocks where the file system offers them (a reflink), else
        // a copy in the kernel, else through this process; each goes on
        // from where the one before stopped.
        if cdocshims_clone_file(output, input) == 0 {
            total = start + Int64(entry.status.st_size)
            progress?(total)
        } else {
            let inKernel = FileSystem.copyInKernel(from: input, to: output, chunkSize: Self.chunkSize) { done in
                total = start + done
                progress?(total)
            }
            try FileSystem.copyBytes(from: input, entry.sourcePath, to: output, entry.destinationPath, chunkSize: Self.chunkSize) { done in
                total = start + inKernel + done
                progress?(total)
            }
        }
        copied = total
        try finish(output, from: input, like: entry.status, path: entry.destinationPath)
    }

    /// User extended attributes, owner, permissions, times, then a flush,
    /// through the descriptor. The attributes go first, while the copy is
    /// still writable; a file system that keeps none loses them, as
    /// `cp -a` onto it does, and the copy goes on.
    private func finish(_ descriptor: Int32, from source: Int32, like status: stat, path: RawPath) throws(DocKitError) {
        _ = cdocshims_copy_user_xattrs(source, descriptor)
        // Owners first: chown clears set-user-ID bits that chmod then restores.
        _ = fchown(descriptor, status.st_uid, status.st_gid)
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
            throw DocKitError(FileSystemError(path: path, operation: "cannot take the original permissions", errno: errno))
        }
        var times = [status.st_atim, status.st_mtim]
        guard futimens(descriptor, &times) == 0 else {
            throw DocKitError(FileSystemError(path: path, operation: "cannot take the original times", errno: errno))
        }
        guard fsync(descriptor) == 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be flushed to disk", errno: errno)) }
    }

    private func copySymbolicLink(_ entry: Entry) throws(DocKitError) {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = entry.sourceName.withCString { readlinkat(entry.source.descriptor, $0, &target, target.count - 1) }
        guard length >= 0 else { throw DocKitError(FileSystemError(path: entry.sourcePath, operation: "cannot be read", errno: errno)) }
        target[length] = 0
        guard entry.destinationName.withCString({ symlinkat(target, entry.destination.descriptor, $0) }) == 0 else {
            throw DocKitError(FileSystemError(path: entry.destinationPath, operation: "cannot be created", errno: errno))
        }
        _ = entry.destinationName.withCString { fchownat(entry.destination.descriptor, $0, entry.status.st_uid, entry.status.st_gid, AT_SYMLINK_NOFOLLOW) }
        var times = [entry.status.st_atim, entry.status.st_mtim]
        guard entry.destinationName.withCString({ utimensat(entry.destination.descriptor, $0, &times, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw DocKitError(FileSystemError(path: entry.destinationPath, operation: "cannot take the original times", errno: errno))
        }
    }
}
