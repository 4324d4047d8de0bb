#if canImport(Glibc)
import Glibc
#endif

/// The staging directory, reached only through its descriptor: every
/// name is resolved one component at a time with O_NOFOLLOW, so no
/// symbolic link, whoever made it, is ever followed while writing, and the
/// process's working directory is never used.
final class StagingDirectory {
    let descriptor: Int32
    let path: String

    init(path: String) throws(PluginFailure) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PluginFailure(kind: errno == ENOENT ? .notFound : .failed, rule: nil, entry: nil,
                                message: "\(path): the staging directory cannot be opened: \(String(cString: strerror(errno)))")
        }
        guard Self.names(in: descriptor).isEmpty else {
            close(descriptor)
            throw PluginFailure.invalid("\(path): the staging directory is not empty")
        }
    }

    deinit { close(descriptor) }

    /// Opens the directory `name`, creating the missing ones (mode 0700
    /// until the end, so that a read-only directory can still be filled).
    /// `created` learns each directory made here.
    func openDirectory(_ name: EntryName, create: Bool, created: (EntryName) -> Void = { _ in }) throws(PluginFailure) -> Int32 {
        var current = dup(descriptor)
        guard current >= 0 else { throw PluginFailure.failed("\(path): \(String(cString: strerror(errno)))") }
        for (index, component) in name.components.enumerated() {
            if create {
                if withCBytes(component, { mkdirat(current, $0, 0o700) }) == 0 {
                    created(EntryName(components: Array(name.components[...index])))
                } else if errno != EEXIST {
                    let code = errno
                    close(current)
                    throw PluginFailure.failed("\(name.display): cannot be created: \(String(cString: strerror(code)))", entry: name.display)
                }
            }
            let next = withCBytes(component) { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            let code = errno
            close(current)
            guard next >= 0 else {
                let reached = EntryName(components: Array(name.components[...index]))
                if code == ELOOP || code == ENOTDIR {
                    throw PluginFailure.refused(name.display, rule: "through-symlink", "'\(reached.display)' is not a directory the archive made; nothing is written through it")
                }
                throw PluginFailure.failed("\(reached.display): cannot be opened: \(String(cString: strerror(code)))", entry: name.display)
            }
            current = next
        }
        return current
    }

    /// The file type of `name` in the directory `parent`, without following it.
    static func type(of name: [UInt8], in parent: Int32) -> UInt32? {
        var status = stat()
        guard withCBytes(name, { fstatat(parent, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o170000
    }

    /// Removes everything in the staging directory, never following links.
    func removeContents() {
        Self.removeContents(of: descriptor)
    }

    private static func removeContents(of directory: Int32) {
        for name in names(in: directory) {
            if type(of: name, in: directory) == EntryType.directory {
                _ = withCBytes(name) { fchmodat(directory, $0, 0o700, 0) }
                let child = withCBytes(name) { openat(directory, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                if child >= 0 {
                    removeContents(of: child)
                    close(child)
                }
                _ = withCBytes(name) { unlinkat(directory, $0, AT_REMOVEDIR) }
            } else {
                _ = withCBytes(name) { unlinkat(directory, $0, 0) }
            }
        }
    }

    static func names(in directory: Int32) -> [[UInt8]] {
        let copy = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { bytesOf($0) }
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
