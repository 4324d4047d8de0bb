#if canImport(Glibc)
import Glibc
#endif

/// The files a Mac leaves in the archives it makes: Finder's `.DS_Store`
/// and the AppleDouble `._Name` that carries another file's extended
/// attributes and resource fork. Archive Utility never shows them, at any
/// depth; neither does import.
enum MacMetadata {
    /// Whether a file of this name is Mac litter, when it is a regular file.
    static func isLitter(_ name: RawPath) -> Bool {
        let bytes = name.bytes
        return bytes == Array(".DS_Store".utf8) || (bytes.count > 2 && bytes.starts(with: [UInt8(ascii: "."), UInt8(ascii: "_")]))
    }

    /// Removes the litter below a folder (not the folder itself, which the
    /// caller judges by its own name).
    ///
    /// - Parameter folder: An extracted top-level item; a file is left alone.
    /// - Returns: The paths removed, relative to `folder`, sorted.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the folder cannot be read or a file cannot be removed.
    static func removeLitter(below folder: RawPath) throws(DocKitError) -> [RawPath] {
        guard try FileStatus.of(folder)?.kind == .directory else { return [] }
        var removed: [RawPath] = []
        var failure: FileSystemError?
        try TreeWalk.visit(folder) { path, status, parent in
            guard status.st_mode & S_IFMT == S_IFREG, isLitter(path.lastComponent) else { return true }
            guard path.lastComponent.withCString({ unlinkat(parent, $0, 0) }) == 0 || errno == ENOENT else {
                failure = FileSystemError(path: folder.appending(path), operation: "cannot be removed", errno: errno)
                return false
            }
            removed.append(path)
            return true
        }
        if let failure { throw DocKitError(failure) }
        return removed.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }
}
