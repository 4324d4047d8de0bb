#if canImport(Glibc)
import Glibc
#endif

extension UnsafeMutablePointer<dirent> {
    /// The entry's name, read where it lies. glibc makes an entry only as
    /// long as its name (`d_reclen`), so loading the whole `dirent`, as
    /// `pointee.d_name` does, reads up to 255 bytes past a short name, and
    /// faults when the directory buffer ends where its mapping does: `list`
    /// did, now and then, once a second thread's buffers came from a
    /// fresh heap of their own.
    var nameBytes: UnsafeRawBufferPointer {
        let name = UnsafeRawPointer(self) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self)))
    }
}
