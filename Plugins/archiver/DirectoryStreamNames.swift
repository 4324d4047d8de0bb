import Glibc

/// The names left to read of `stream`, without `.` and `..`, in byte
/// order. Each is read where it lies: glibc makes an entry only as long
/// as its name, so loading the whole `dirent` can read past the end of
/// the directory buffer, and fault where that buffer ends its mapping.
func sortedNames(in stream: OpaquePointer) -> [[UInt8]] {
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
        let name = bytesOf((UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
        if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
        names.append(name)
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
}
