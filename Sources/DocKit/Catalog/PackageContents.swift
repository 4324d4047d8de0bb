import Foundation

/// What a package holds, found by walking it without following links.
public struct PackageContents: Sendable, Hashable, Codable {
    /// Files, directories and links inside, not counting the package itself.
    public var entryCount: Int
    /// The sum of the sizes of the regular files and links inside.
    public var size: Int64
    /// Every directory inside, the package itself first, with its times:
    /// when none has changed, no entry was added, removed or renamed, and
    /// the package need not be walked again.
    public var directories: [DirectorySignature]
    /// Sync engines' temporaries inside (``SyncTemporary``), relative to
    /// the package: while there are any, the package is incomplete.
    public var syncTemporaries: [RawPath]

    public struct DirectorySignature: Sendable, Hashable, Codable {
        public var relativePath: RawPath
        public var modificationTime: Int64
        public var changeTime: Int64
    }

    public static func walk(_ root: RawPath) throws(FileSystemError) -> PackageContents {
        var contents = PackageContents(entryCount: 0, size: 0, directories: [], syncTemporaries: [])
        try walk(root, relativePath: RawPath(bytes: []), into: &contents)
        return contents
    }

    private static func walk(_ directory: RawPath, relativePath: RawPath, into contents: inout PackageContents) throws(FileSystemError) {
        guard let status = try FileStatus.of(directory) else { return }
        contents.directories.append(DirectorySignature(relativePath: relativePath, modificationTime: status.modificationTime, changeTime: status.changeTime))
        for name in try DirectoryReader.names(in: directory) {
            let path = directory.appending(name)
            guard let entry = try FileStatus.of(path) else { continue }
            if SyncTemporary(name) != nil { contents.syncTemporaries.append(relativePath.appending(name)) }
            contents.entryCount += 1
            if entry.kind == .directory {
                try walk(path, relativePath: relativePath.appending(name), into: &contents)
            } else {
                contents.size += entry.size
            }
        }
    }

    /// True when every directory recorded still has the same times.
    func isCurrent(root: RawPath) -> Bool {
        directories.allSatisfy { signature in
            let path = signature.relativePath.isEmpty ? root : root.appending(signature.relativePath)
            guard let status = try? FileStatus.of(path), status.kind == .directory else { return false }
            return status.modificationTime == signature.modificationTime && status.changeTime == signature.changeTime
        }
    }
}
