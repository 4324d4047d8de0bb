#if canImport(Glibc)
import Glibc
#endif
import CDocShims

extension FileSystem {
    /// Has the kernel copy what `input` has left into `output`
    /// (copy_file_range), a chunk at a time; returns the bytes it copied.
    /// It stops, without an error, where the kernel cannot (other file
    /// systems, pipes, old kernels) or says the end is reached: the
    /// caller goes on with ``copyBytes(from:_:to:_:chunkSize:progress:)``
    /// from the offsets where it stopped, which finds the true end.
    static func copyInKernel(from input: Int32, to output: Int32, chunkSize: Int = 1 << 20, progress: (Int64) -> Void = { _ in }) -> Int64 {
        var copied: Int64 = 0
        while true {
            let count = cdocshims_copy_file_range(input, output, UInt64(chunkSize))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return copied }
            copied += count
            progress(copied)
        }
    }

    /// Copies what `input` has left to read into `output`, retrying
    /// interrupted calls and short writes; `progress` gets the bytes copied
    /// so far after each chunk. The paths name the two ends in errors.
    static func copyBytes(from input: Int32, _ inputPath: RawPath, to output: Int32, _ outputPath: RawPath,
                          chunkSize: Int = 1 << 20, progress: (Int64) -> Void = { _ in }) throws(DocKitError) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var copied: Int64 = 0
        while true {
            let count = read(input, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw DocKitError(FileSystemError(path: inputPath, operation: "cannot be read", errno: errno))
            }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = write(output, buffer + offset, count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw DocKitError(FileSystemError(path: outputPath, operation: "cannot be written", errno: errno))
                }
                offset += written
            }
            copied += Int64(count)
            progress(copied)
        }
    }
}
