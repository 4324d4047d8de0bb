#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// "Open in…": a copy of a document delivered into an app's Inbox, as
/// iOS's document interaction hand-off does. The copy is made in a hidden
/// temporary inside the Inbox and renamed into place under a free name, so
/// the app never sees half a document and nothing already there is
/// replaced. The source is only read.
public enum InboxDelivery {
    /// The launcher's own identifier; its Inbox is the local Documents
    /// folder's `Inbox`, which the catalog never lists as a document.
    public static let launcherIdentifier = "org.docbrowser.launcher"

    /// `HOME/Containers/ID/Documents`, the Documents folder of an app.
    public static func documentsDirectory(forApp identifier: String, home: Home, locations: DocumentLocations) -> RawPath {
        if identifier == launcherIdentifier { return locations.localDocuments }
        return RawPath(home.url).appending("Containers").appending(RawPath(identifier)).appending("Documents")
    }

    public static func inboxDirectory(forApp identifier: String, home: Home, locations: DocumentLocations) -> RawPath {
        documentsDirectory(forApp: identifier, home: home, locations: locations).appending("Inbox")
    }

    /// Copies `source` (a file, a package or folder whole, symbolic links
    /// as links) into `inbox` as `Name.ext`, or `Name 2.ext`, … when taken.
    public static func deliver(_ source: RawPath, named filename: String, into inbox: RawPath, registry: TypeRegistry?) throws(FileSystemError) -> RawPath {
        try FileSystem.createDirectory(inbox)
        let temporary = inbox.appending(FileSystem.temporaryPrefix + UUID().uuidString)
        do {
            try copyItem(from: source, to: temporary)
        } catch {
            removeItem(temporary)
            throw error
        }
        do {
            let destination = try renameIntoPlace(temporary, in: inbox, filename: filename, registry: registry)
            try FileSystem.synchronizeDirectory(inbox)
            return destination
        } catch {
            removeItem(temporary)
            throw error
        }
    }

    /// Renames `item` to the first free name of `Name.ext`, `Name 2.ext`, …
    /// in `directory`, never replacing anything (renameat2 NOREPLACE).
    static func renameIntoPlace(_ item: RawPath, in directory: RawPath, filename: String, registry: TypeRegistry?) throws(FileSystemError) -> RawPath {
        let (base, ext) = nameParts(of: filename, registry: registry)
        for number in 1...10_000 {
            let candidate = directory.appending(RawPath(escaped: DocumentName.numbered(base, number, extension: ext)))
            // An iCloud placeholder holds the name of a document not downloaded.
            if try FileStatus.of(DocumentCatalog.placeholderPath(for: candidate)) != nil { continue }
            do {
                try FileSystem.renameWithoutReplacing(item, to: candidate)
                return candidate
            } catch {
                if error.errno == EEXIST { continue }
                throw error
            }
        }
        throw FileSystemError(path: directory.appending(RawPath(escaped: filename)), operation: "has no free numbered name", errno: EEXIST)
    }

    /// `Report.tar.gz` is `Report` + `tar.gz` when a type claims
    /// `tar.gz`; otherwise the last extension is split off.
    static func nameParts(of filename: String, registry: TypeRegistry?) -> (base: String, extension: String?) {
        let candidates = TypeRegistry.extensionCandidates(of: filename)
        if let registry {
            for candidate in candidates where !registry.types(withTag: candidate, tagClass: .filenameExtension).isEmpty {
                return (String(filename.dropLast(candidate.count + 1)), candidate)
            }
        }
        guard let last = candidates.last else { return (filename, nil) }
        return (String(filename.dropLast(last.count + 1)), last)
    }

    /// Copies a file, a symbolic link (as a link) or a directory tree,
    /// keeping permission bits and modification times, flushing each file.
    /// Device files and FIFOs are refused. `destination` must not exist.
    public static func copyItem(from source: RawPath, to destination: RawPath) throws(FileSystemError) {
        var status = stat()
        guard source.withCString({ lstat($0, &status) }) == 0 else {
            throw FileSystemError(path: source, operation: "cannot be examined", errno: errno)
        }
        let mode = mode_t(status.st_mode & 0o7777)
        let times = [status.st_atim, status.st_mtim]
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            try copyFile(from: source, to: destination, mode: mode)
            _ = destination.withCString { path in times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, AT_SYMLINK_NOFOLLOW) } }
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = source.withCString { readlink($0, &buffer, buffer.count - 1) }
            guard length >= 0 else { throw FileSystemError(path: source, operation: "cannot be read", errno: errno) }
            let target = Array(buffer.prefix(length))
            let made = (target + [0]).withUnsafeBufferPointer { pointer in destination.withCString { symlink(pointer.baseAddress!, $0) } }
            guard made == 0 else { throw FileSystemError(path: destination, operation: "cannot be created", errno: errno) }
            _ = destination.withCString { path in times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, AT_SYMLINK_NOFOLLOW) } }
        case S_IFDIR:
            guard destination.withCString({ mkdir($0, 0o700) }) == 0 else {
                throw FileSystemError(path: destination, operation: "cannot be created", errno: errno)
            }
            for name in try DirectoryReader.names(in: source).sorted() {
                try copyItem(from: source.appending(name), to: destination.appending(name))
            }
            try FileSystem.synchronizeDirectory(destination)
            _ = destination.withCString { chmod($0, mode) }
            _ = destination.withCString { path in times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, AT_SYMLINK_NOFOLLOW) } }
        default:
            throw FileSystemError(path: source, operation: "is a device file, FIFO or socket, which is not copied", errno: ENOTSUP)
        }
    }

    private static func copyFile(from source: RawPath, to destination: RawPath, mode: mode_t) throws(FileSystemError) {
        let input = source.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard input >= 0 else { throw FileSystemError(path: source, operation: "cannot be opened", errno: errno) }
        defer { close(input) }
        let output = destination.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard output >= 0 else { throw FileSystemError(path: destination, operation: "cannot be created", errno: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: source, operation: "cannot be read", errno: errno)
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: destination, operation: "cannot be written", errno: errno)
                }
                offset += written
            }
        }
        // After writing, so that a read-only source still gets a copy.
        guard fchmod(output, mode) == 0, fsync(output) == 0 else {
            throw FileSystemError(path: destination, operation: "cannot be written", errno: errno)
        }
    }

    /// Removes a file, link or tree, never following a link. Errors are
    /// ignored: it cleans up after a failure or empties what is owned.
    static func removeItem(_ path: RawPath) {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            _ = path.withCString { chmod($0, 0o700) }
            for name in (try? DirectoryReader.names(in: path)) ?? [] {
                removeItem(path.appending(name))
            }
            _ = path.withCString { rmdir($0) }
        } else {
            _ = path.withCString { unlink($0) }
        }
    }
}
