#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where previewers get bytes from. Every read names its window, so that
/// nothing reads a file whole; tests count the bytes through this seam.
public protocol PreviewFileReader: Sendable {
    /// Up to `count` bytes from `offset`; fewer at the end of the file.
    func read(_ path: RawPath, offset: Int64, count: Int) throws(DocKitError) -> [UInt8]
}

/// Reads regular files only, never through a symbolic link and never
/// blocking on a FIFO that took a file's place after it was examined.
public struct BoundedFileReader: PreviewFileReader {
    /// Creates the reader; it holds no state.
    public init() {}

    /// Reads a byte range of a regular file, refusing links, FIFOs and devices.
    ///
    /// - Parameters:
    ///   - path: The file; a symbolic link at it is refused, not followed.
    ///   - offset: Where to start, in bytes from the beginning.
    ///   - count: The most bytes to read.
    /// - Returns: Up to `count` bytes; fewer at the end of the file, none when `count` is 0.
    /// - Throws: ``DocKitError/Code/fileSystem`` when the file cannot be opened or read, or is not a regular file.
    public func read(_ path: RawPath, offset: Int64, count: Int) throws(DocKitError) -> [UInt8] {
        guard count > 0 else { return [] }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be opened for preview", errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw DocKitError(FileSystemError(path: path, operation: "cannot be examined", errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw DocKitError(FileSystemError(path: path, operation: "is not a regular file", errno: EINVAL)) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw DocKitError(FileSystemError(path: path, operation: "cannot be read", errno: errno))
            }
            if result == 0 { break }
            filled += result
        }
        buffer.removeSubrange(filled...)
        return buffer
    }
}
