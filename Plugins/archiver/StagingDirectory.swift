#if canImport(Glibc)
import ArchiveChecks
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
        // Kept in a local until checked: once stored, a throw runs deinit,
        // and closing it here as well would close it twice.
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            throw PluginFailure(kind: errno == ENOENT ? .notFound : .failed, rule: nil, entry: nil,
                                message: "\(path): the staging directory cannot be opened: \(String(cString: strerror(errno)))")
        }
        guard Self.names(in: opened).isEmpty else {
            close(opened)
            throw PluginFailure.invalid("\(path): the staging directory is not empty")
        }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// The file type of `name` in the directory `parent`, without following it.
    static func type(of name: [UInt8], in parent: Int32) -> UInt32? {
        var status = stat()
        guard withCBytes(name, { fstatat(parent, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o170000
    }

    /// Removes everything in the staging directory, never following
    /// links. One descriptor is held whatever the depth: the walk climbs
    /// back through `..`, and keeps only names.
    func removeContents() {
        var current = dup(descriptor)
        guard current >= 0 else { return }
        var pending: [[[UInt8]]] = [Self.names(in: current)]
        var descended: [[UInt8]] = []
        while !pending.isEmpty {
            guard let name = pending[pending.count - 1].popLast() else {
                pending.removeLast()
                guard let left = descended.popLast() else { break }
                let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                close(current)
                guard parent >= 0 else { return }
                current = parent
                _ = withCBytes(left) { unlinkat(current, $0, AT_REMOVEDIR) }
                continue
            }
            guard Self.type(of: name, in: current) == EntryType.directory else {
                _ = withCBytes(name) { unlinkat(current, $0, 0) }
                continue
            }
            _ = withCBytes(name) { fchmodat(current, $0, 0o700, 0) }
            let child = withCBytes(name) { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard child >= 0 else { continue }
            close(current)
            current = child
            descended.append(name)
            pending.append(Self.names(in: current))
        }
        close(current)
    }

    static func names(in directory: Int32) -> [[UInt8]] {
        let copy = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        return sortedNames(in: stream)
    }
}
