#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// Copies what `input` has left to read into `output`, retrying
    /// interrupted calls and short writes; `progress` gets the bytes copied
    /// so far after each chunk. The paths name the two ends in errors.
    static func copyBytes(from input: Int32, _ inputPath: RawPath, to output: Int32, _ outputPath: RawPath,
                          chunkSize: Int = 1 << 20, progress: (Int64) -> Void = { _ in }) throws(FileSystemError) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var copied: Int64 = 0
        while true {
            let count = read(input, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: inputPath, operation: "cannot be read", errno: errno)
            }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = write(output, buffer + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: outputPath, operation: "cannot be written", errno: errno)
                }
                offset += written
            }
            copied += Int64(count)
            progress(copied)
        }
    }
}
