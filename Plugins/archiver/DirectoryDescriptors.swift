#if canImport(Glibc)
import ArchiveChecks
import Glibc
#endif

/// Opens the staging directory's directories for the extractor: one
/// component at a time with O_NOFOLLOW, from the directory's nearest
/// ancestor already open, and keeps the last few open. Archives list
/// their entries directory by directory, so an entry's parent is nearly
/// always at hand and a deep tree costs one open per directory, not one
/// per component of every entry.
final class DirectoryDescriptors {
    let staging: StagingDirectory
    private var cached: [(node: Int, descriptor: Int32)] = []
    /// Directories opened, all told: what a deep archive costs, for tests.
    private(set) var opened = 0
    private static let capacity = 16

    init(staging: StagingDirectory) { self.staging = staging }

    deinit { closeAll() }

    func closeAll() {
        for entry in cached { close(entry.descriptor) }
        cached.removeAll()
    }

    /// A descriptor of `node`'s directory, which the caller closes. With
    /// `create`, missing directories are made (mode 0700 until the end,
    /// so that a read-only one can still be filled) and marked in `tree`.
    func open(_ node: Int, in tree: inout PathTree, create: Bool) throws(PluginFailure) -> Int32 {
        var missing: [Int] = []
        var current = node
        var start = staging.descriptor
        while current != PathTree.root {
            if let hit = cached.firstIndex(where: { $0.node == current }) {
                start = cached[hit].descriptor
                // The most recently used stay; the oldest go first.
                cached.append(cached.remove(at: hit))
                break
            }
            missing.append(current)
            current = tree[current].parent
        }
        var descriptor = start
        var owned = false
        for step in missing.reversed() {
            let component = tree[step].component
            if create, tree[step].kind == nil {
                guard withCBytes(component, { mkdirat(descriptor, $0, 0o700) }) == 0 || errno == EEXIST else {
                    let code = errno
                    if owned { close(descriptor) }
                    let name = tree.name(of: step).display
                    throw PluginFailure.failed("\(name): cannot be created: \(String(cString: strerror(code)))", entry: name)
                }
                tree.setKind(.directory, of: step)
            }
            let next = withCBytes(component) { openat(descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            let code = errno
            opened += 1
            if owned { close(descriptor) }
            guard next >= 0 else {
                let reached = tree.name(of: step).display
                let name = tree.name(of: node).display
                if code == ELOOP || code == ENOTDIR || code == ENOENT {
                    throw PluginFailure.refused(name, rule: "through-symlink", "'\(reached)' is not a directory the archive made; nothing is written through it")
                }
                throw PluginFailure.failed("\(reached): cannot be opened: \(String(cString: strerror(code)))", entry: name)
            }
            descriptor = next
            owned = true
        }
        if owned {
            if cached.count >= Self.capacity { close(cached.removeFirst().descriptor) }
            cached.append((node, descriptor))
        }
        let copy = dup(descriptor)
        guard copy >= 0 else { throw PluginFailure.failed("\(staging.path): \(String(cString: strerror(errno)))") }
        return copy
    }
}
