#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What lstat(2) says about a path, never following a symbolic link.
public struct FileStatus: Sendable, Hashable, Codable {
    /// The file type from `st_mode`; a symbolic link is reported as itself, never as its target.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case regular, directory, symbolicLink, other
    }

    /// What kind of object is at the path.
    public var kind: Kind
    /// `st_size` in bytes; for a symbolic link, the length of its target.
    public var size: Int64
    /// `st_mtim`, in nanoseconds since 1970.
    public var modificationTime: Int64
    /// `st_ctim` (inode change time), in nanoseconds since 1970.
    public var changeTime: Int64
    /// `st_ino`; with ``device`` it identifies the file.
    public var inode: UInt64
    /// `st_dev`, the device the file is on.
    public var device: UInt64
    /// The whole `st_mode`: file-type bits and permission bits.
    public var mode: UInt32

    /// Whether a folder with this status holds the names it held with
    /// `other`: a name comes or goes only by changing the folder's
    /// modification and change times, and the folder is the same file.
    func holdsTheSameNames(as other: FileStatus) -> Bool {
        modificationTime == other.modificationTime && changeTime == other.changeTime && inode == other.inode && device == other.device
    }

    /// ``modificationTime`` as a `Date`.
    public var modificationDate: Date {
        Nanoseconds.date(modificationTime)
    }

    /// Nil when nothing is at the path; throws for any other failure.
    ///
    /// - Parameter path: The file; a final symbolic link is not followed
    ///   (`lstat`).
    /// - Returns: The file's status; `nil` when nothing is at `path`, or a
    ///   folder on the way is a file.
    /// - Throws: ``DocKitError/Code/fileSystem`` when it cannot be examined otherwise
    ///   (permission denied, say).
    public static func of(_ path: RawPath) throws(DocKitError) -> FileStatus? {
        var status = stat()
        let result = path.withCString { lstat($0, &status) }
        return try Self(result == 0 ? status : nil, path: path)
    }

    /// The status of the file open as `descriptor`; `path` is for the error only.
    static func of(descriptor: Int32, path: RawPath) throws(DocKitError) -> FileStatus {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be examined", errno: errno)) }
        guard let found = try Self(status, path: path) else { throw DocKitError(FileSystemError(path: path, operation: "cannot be examined", errno: ENOENT)) }
        return found
    }

    /// ``of(_:)`` for the entry `name` of the folder open as `folder`:
    /// the kernel looks up one name instead of walking the whole path
    /// again, once per entry of a scan, as `find` does.
    ///
    /// - Parameters:
    ///   - name: A name in the folder.
    ///   - folder: The folder's open descriptor.
    ///   - directory: The folder's path, for the error only: joined to
    ///     the name only then, not once per entry of a scan.
    static func of(_ name: RawPath, in folder: Int32, inFolderAt directory: RawPath) throws(DocKitError) -> FileStatus? {
        var status = stat()
        let result = name.withCString { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }
        return try Self(result == 0 ? status : nil, path: directory.appending(name))
    }
}

extension FileStatus {
    /// An extension's, so that the memberwise initializer stays.
    private init?(_ found: stat?, path: @autoclosure () -> RawPath) throws(DocKitError) {
        guard let status = found else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw DocKitError(FileSystemError(path: path(), operation: "cannot be examined", errno: code))
        }
        let kind: Kind = switch status.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other
        }
        self.init(
            kind: kind,
            size: Int64(status.st_size),
            modificationTime: Nanoseconds.since1970(status.st_mtim),
            changeTime: Nanoseconds.since1970(status.st_ctim),
            inode: UInt64(status.st_ino),
            device: UInt64(status.st_dev),
            mode: UInt32(status.st_mode)
        )
    }
}

/// A system call on a path failed.
struct FileSystemError: DocKitFailure, Hashable {
    /// The path the call was made on.
    var path: RawPath
    /// What failed, worded to follow the path (`cannot be examined`).
    var operation: String
    /// The `errno` the call set.
    var errno: Int32

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - path: The path the call was made on.
    ///   - operation: What failed, worded to follow the path.
    ///   - errno: The `errno` the call set.
    init(path: RawPath, operation: String, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    var code: DocKitError.Code {
        switch errno {
        case ENOENT, ENOTDIR: .notFound
        case EEXIST, ENOTEMPTY: .alreadyExists
        default: .fileSystem
        }
    }

    var document: String? { path.description }

    var underlying: (any Error & Sendable)? { POSIXErrorCode(rawValue: errno).map { POSIXError($0) } }

    /// `path: operation (strerror)`.
    var description: String { "\(path): \(operation) (\(String(cString: strerror(errno))))" }
}

enum DirectoryReader {
    /// The names in a directory, as bytes, without `.` and `..`.
    static func names(in directory: RawPath) throws(DocKitError) -> [RawPath] {
        try names(in: directory, startingWith: [])
    }

    /// The names in a directory that start with `prefix`; the others are
    /// never copied out of the kernel's buffer, so a sweep for a few
    /// temporaries costs little in a folder of thousands.
    static func names(in directory: RawPath, startingWith prefix: [UInt8]) throws(DocKitError) -> [RawPath] {
        guard let stream = directory.withCString({ opendir($0) }) else {
            throw DocKitError(FileSystemError(path: directory, operation: "cannot be listed", errno: errno))
        }
        defer { closedir(stream) }
        return try names(in: stream, path: directory, startingWith: prefix)
    }

    /// The status of `directory`, and the names in it that start with
    /// `prefix` unless `skips` takes that status. Both come through one
    /// descriptor, so they are of one folder even if the path is pointed
    /// at another meanwhile.
    static func status(
        of directory: RawPath, andNamesStartingWith prefix: [UInt8], unless skips: (FileStatus) -> Bool
    ) throws(DocKitError) -> (status: FileStatus, names: [RawPath]?) {
        let descriptor = directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: directory, operation: "cannot be listed", errno: errno)) }
        defer { close(descriptor) }
        let status = try FileStatus.of(descriptor: descriptor, path: directory)
        guard !skips(status) else { return (status, nil) }
        return (status, try names(inDescriptor: descriptor, path: directory, startingWith: prefix))
    }

    /// The names in the directory open as `descriptor` that start with
    /// `prefix`, read through a duplicate so that the caller keeps its own
    /// descriptor; `path` is for the message only.
    static func names(inDescriptor descriptor: Int32, path: RawPath, startingWith prefix: [UInt8] = []) throws(DocKitError) -> [RawPath] {
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else {
            let code = errno
            if duplicate >= 0 { close(duplicate) }
            throw DocKitError(FileSystemError(path: path, operation: "cannot be listed", errno: code))
        }
        defer { closedir(stream) }
        // fdopendir starts at the descriptor's offset, which a walk that
        // only opens and climbs never moves; rewinding makes it certain.
        rewinddir(stream)
        return try names(in: stream, path: path, startingWith: prefix)
    }

    /// What is left to read of `stream`, without `.` and `..`. A read that
    /// fails partway (EIO, or ESTALE on a network file system) throws
    /// rather than passing for the folder's end: a sweep would take the
    /// names read so far for all of them.
    static func names(in stream: OpaquePointer, path: RawPath, startingWith prefix: [UInt8] = []) throws(DocKitError) -> [RawPath] {
        var names: [RawPath] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else { break }
            let raw = entry.nameBytes
            guard raw.starts(with: prefix) else { continue }
            let name = Array(raw)
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(RawPath(bytes: name))
        }
        guard errno == 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be listed", errno: errno)) }
        return names
    }
}
