#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension DocumentWrapper {
    /// Reads a document whole, by directory descriptors and never through a
    /// symbolic link: a package is untrusted (a sync engine or an archive
    /// put it there), so a link is kept as a link, and only if it stays
    /// inside; a FIFO, a device or a socket is refused rather than opened,
    /// which could block forever; an entry that vanishes between the
    /// listing and its reading is left out, as a listing a moment later
    /// would.
    ///
    /// - Parameter document: The document's path.
    /// - Returns: Its contents.
    /// - Throws: ``DocKitError/Code/notFound`` when nothing is
    ///   there, ``DocKitError/Code/notSupported``
    ///   for what a document cannot hold, and
    ///   ``DocKitError/Code/fileSystem`` when reading fails.
    static func read(_ document: RawPath) throws(DocKitError) -> DocumentWrapper {
        let reader = Reader(document: document)
        guard let wrapper = try reader.entry(document, in: AT_FDCWD, relativePath: RawPath(bytes: [])) else {
            throw DocKitError(EditingError.vanished(document: document))
        }
        if case .symbolicLink = wrapper {
            throw DocKitError(EditingError.unsupportedEntry(document: document, entry: RawPath(bytes: []), reason: "is a symbolic link; open what it points to"))
        }
        return wrapper
    }

    struct Reader {
        let document: RawPath

        /// One entry of the tree, or nil when it is gone; `name` is
        /// relative to `directory` (the whole path for the document).
        func entry(_ name: RawPath, in directory: Int32, relativePath: RawPath) throws(DocKitError) -> DocumentWrapper? {
            var status = stat()
            guard name.withCString({ fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                if errno == ENOENT { return nil }
                throw DocKitError(failure("cannot be examined", relativePath, errno))
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                return try link(name, in: directory, relativePath: relativePath)
            case S_IFREG, S_IFDIR:
                break
            default:
                throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath, reason: "is not a regular file, folder or symbolic link (a FIFO, device or socket); a document cannot hold it"))
            }
            // O_NONBLOCK: should a FIFO take the name after the check
            // above, the open returns at once instead of waiting for a writer.
            let descriptor = name.withCString { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                if errno == ELOOP { throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath, reason: "became a symbolic link while it was read")) }
                throw DocKitError(failure("cannot be opened", relativePath, errno))
            }
            defer { close(descriptor) }
            var opened = stat()
            guard fstat(descriptor, &opened) == 0 else { throw DocKitError(failure("cannot be examined", relativePath, errno)) }
            guard opened.st_mode & S_IFMT == status.st_mode & S_IFMT else {
                throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath, reason: "changed kind while it was read"))
            }
            if opened.st_mode & S_IFMT == S_IFREG {
                return try regularFile(descriptor, relativePath: relativePath)
            }
            return try folder(descriptor, relativePath: relativePath)
        }

        private func regularFile(_ descriptor: Int32, relativePath: RawPath) throws(DocKitError) -> DocumentWrapper {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            do {
                return .regularFile(try handle.readToEnd() ?? Data())
            } catch {
                let code = Int32(truncatingIfNeeded: (error as NSError).code)
                throw DocKitError(EditingError.fileSystem(DocKitError(FileSystemError(path: document.appending(relativePath), operation: "cannot be read", errno: code > 0 ? code : EIO))))
            }
        }

        private func folder(_ descriptor: Int32, relativePath: RawPath) throws(DocKitError) -> DocumentWrapper {
            let names: [RawPath]
            do {
                names = try DirectoryReader.names(inDescriptor: descriptor, path: document.appending(relativePath))
            } catch {
                throw DocKitError(EditingError.fileSystem(error))
            }
            return .directory(try children(names, in: descriptor, relativePath: relativePath))
        }

        /// The children named by a listing of the folder open as
        /// `descriptor`; a name no longer there is left out.
        func children(_ names: [RawPath], in descriptor: Int32, relativePath: RawPath) throws(DocKitError) -> [RawPath: DocumentWrapper] {
            var children: [RawPath: DocumentWrapper] = [:]
            for name in names {
                children[name] = try entry(name, in: descriptor, relativePath: relativePath.appending(name))
            }
            return children
        }

        private func link(_ name: RawPath, in directory: Int32, relativePath: RawPath) throws(DocKitError) -> DocumentWrapper? {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = name.withCString { readlinkat(directory, $0, &buffer, buffer.count) }
            guard count >= 0 else {
                if errno == ENOENT { return nil }
                throw DocKitError(failure("cannot be read", relativePath, errno))
            }
            let destination = RawPath(bytes: Array(buffer[..<count]))
            // The document itself being a link is refused by the caller,
            // with a reason of its own.
            if !relativePath.isEmpty, !DocumentWrapper.staysInside(destination, depth: relativePath.components.count - 1) {
                throw DocKitError(EditingError.unsupportedEntry(document: document, entry: relativePath, reason: "is a symbolic link out of the package (to \(destination))"))
            }
            return .symbolicLink(destination: destination)
        }

        private func failure(_ operation: String, _ relativePath: RawPath, _ code: Int32) -> EditingError {
            .fileSystem(DocKitError(FileSystemError(path: relativePath.isEmpty ? document : document.appending(relativePath), operation: operation, errno: code)))
        }
    }
}
