import ArchiveChecks
#if canImport(Glibc)
import Glibc
#endif

/// A regular file opened once for all of its chunks, which workers read
/// with `pread` at their own offsets; closed when the last chunk is done.
final class SourceFile: Sendable {
    let descriptor: Int32
    let path: [UInt8]
    let name: [UInt8]

    init(_ item: SourceItem) throws(PluginFailure) {
        let descriptor = withCBytes(item.path) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw PluginFailure.failed("\(displayName(item.path)): cannot be read: \(String(cString: strerror(errno)))", entry: displayName(item.name))
        }
        self.descriptor = descriptor
        self.path = item.path
        self.name = item.name
    }

    deinit { close(descriptor) }

    /// Fills `buffer` from `offset`; a file that ends early changed while
    /// being archived, and a shared archive must not hold half of it.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(PluginFailure) {
        var filled = 0
        while filled < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = count == 0 ? "it shrank while being archived" : String(cString: strerror(errno))
                throw PluginFailure.failed("\(displayName(path)): cannot be read: \(reason)", entry: displayName(name))
            }
            filled += count
        }
    }
}
