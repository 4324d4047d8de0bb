#if canImport(Glibc)
import ArchiveChecks
import Glibc
#endif

/// One thing to store: where it is on disk and the name it gets in the
/// archive. Links are recorded as links, never followed.
struct SourceItem {
    var path: [UInt8]
    var name: [UInt8]
    var status: stat
    var linkTarget: [UInt8]?

    var type: UInt32 { UInt32(status.st_mode) & 0o170000 }
}

/// Walks the inputs: each input becomes one top-level entry under its own
/// name, and directories (packages and folders alike) are descended in
/// byte order, parents before children, so the order never depends on
/// the file system's.
enum SourceTree {
    static func collect(_ inputs: [[UInt8]]) throws(PluginFailure) -> [SourceItem] {
        var items: [SourceItem] = []
        var topLevelNames: Set<[UInt8]> = []
        for input in inputs {
            var path = input
            while path.count > 1, path.last == UInt8(ascii: "/") { path.removeLast() }
            let name = lastComponent(path)
            guard !name.isEmpty, name != Array("..".utf8), name != Array(".".utf8) else {
                throw PluginFailure.invalid("\(displayName(input)): cannot be archived under a name of its own")
            }
            guard topLevelNames.insert(name).inserted else {
                throw PluginFailure(kind: .conflict, rule: "duplicate-name", entry: displayName(name),
                                    message: "two inputs are named '\(displayName(name))'; an archive holds one top-level entry per name")
            }
            try add(path: path, name: name, into: &items)
        }
        return items
    }

    private static func lastComponent(_ path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return Array(path[(slash + 1)...])
    }

    private static func add(path: [UInt8], name: [UInt8], into items: inout [SourceItem]) throws(PluginFailure) {
        var status = stat()
        guard withCBytes(path, { lstat($0, &status) }) == 0 else {
            let code = errno
            throw PluginFailure(kind: code == ENOENT ? .notFound : .failed, rule: nil, entry: displayName(name),
                                message: "\(displayName(path)): \(String(cString: strerror(code)))")
        }
        var item = SourceItem(path: path, name: name, status: status, linkTarget: nil)
        switch item.type {
        case EntryType.symbolicLink:
            item.linkTarget = try readLink(path)
            items.append(item)
        case EntryType.regular:
            items.append(item)
        case EntryType.directory:
            items.append(item)
            for child in try childNames(path) {
                try add(path: path + [UInt8(ascii: "/")] + child, name: name + [UInt8(ascii: "/")] + child, into: &items)
            }
        default:
            throw PluginFailure(kind: .refused, rule: "special-file", entry: displayName(name),
                                message: "\(displayName(path)) is a \(EntryType.name(item.type)), which an archive for sharing cannot carry")
        }
    }

    private static func readLink(_ path: [UInt8]) throws(PluginFailure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = withCBytes(path) { cPath in
            buffer.withUnsafeMutableBufferPointer { readlink(cPath, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count - 1) }
        }
        guard length >= 0 else {
            throw PluginFailure.failed("\(displayName(path)): cannot read the link: \(String(cString: strerror(errno)))")
        }
        return Array(buffer[..<length])
    }

    private static func childNames(_ path: [UInt8]) throws(PluginFailure) -> [[UInt8]] {
        guard let directory = withCBytes(path, { opendir($0) }) else {
            throw PluginFailure.failed("\(displayName(path)): cannot be listed: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        return sortedNames(in: directory)
    }
}
