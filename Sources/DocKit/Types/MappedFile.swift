#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only into memory, unmapped when released.
///
/// A mapping sees later writes to its file, and a read past a truncated
/// end kills the process with SIGBUS: only map files that are replaced by
/// rename, never rewritten in place.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the memory is read-only for the mapping's whole life.
    let bytes: UnsafeRawBufferPointer

    /// Nil when the file cannot be opened or mapped, or is empty.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
