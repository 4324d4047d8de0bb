import ArchiveChecks
#if canImport(Glibc)
import Glibc
#endif

/// Buffered writes to the new archive, counting the offset that zip's
/// headers refer to.
struct OutputFile {
    let descriptor: Int32
    let path: [UInt8]
    private(set) var offset: UInt64 = 0
    private var buffer: [UInt8] = []
    private let flushSize = 1 << 20

    init(descriptor: Int32, path: [UInt8]) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(flushSize)
    }

    mutating func append(_ bytes: [UInt8]) throws(PluginFailure) {
        offset += UInt64(bytes.count)
        if buffer.count + bytes.count > flushSize {
            try flush()
            if bytes.count >= flushSize { return try writeAll(bytes) }
        }
        buffer += bytes
    }

    mutating func flush() throws(PluginFailure) {
        try writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: [UInt8]) throws(PluginFailure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw PluginFailure.failed("\(displayName(path)): cannot be written: \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }
}
