#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a package holds, found by walking it without following links.
struct PackageContents: Sendable, Hashable, Codable {
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
    /// Sync engines' conflict copies inside (``ConflictCopy``), relative
    /// to the package: while there are any, the package is in conflict.
    public var conflictCopies: [RawPath]
    /// The latest `st_ctim` of the package and every entry inside, in
    /// nanoseconds since 1970: when anything in it last changed, as
    /// ``QuietPeriod`` judges it. Records written before it was kept lack
    /// it, fail to decode, and have their package walked again.
    public var latestChangeTime: Int64

    /// A directory inside a package and its times, compared to tell whether the package changed.
    public struct DirectorySignature: Sendable, Hashable, Codable {
        /// Relative to the package; empty for the package itself.
        public var relativePath: RawPath
        /// `st_mtim`, in nanoseconds since 1970.
        public var modificationTime: Int64
        /// `st_ctim`, in nanoseconds since 1970.
        public var changeTime: Int64
    }

    /// Walked through directory descriptors (`TreeWalk`), so that a
    /// package deeper than PATH_MAX is measured too.
    ///
    /// - Parameter root: The package; symbolic links inside are counted, never followed.
    /// - Returns: What it holds; empty contents when nothing is at `root`.
    /// - Throws: ``DocKitError/Code/fileSystem`` when a directory inside cannot be opened or read.
    public static func walk(_ root: RawPath) throws(DocKitError) -> PackageContents {
        var contents = PackageContents(entryCount: 0, size: 0, directories: [], syncTemporaries: [], conflictCopies: [], latestChangeTime: .min)
        guard let status = try FileStatus.of(root) else { return contents }
        contents.directories.append(DirectorySignature(relativePath: RawPath(bytes: []), modificationTime: status.modificationTime, changeTime: status.changeTime))
        contents.latestChangeTime = status.changeTime
        try TreeWalk.visit(root) { relativePath, entry in
            contents.latestChangeTime = max(contents.latestChangeTime, Nanoseconds.since1970(entry.st_ctim))
            if SyncTemporary(relativePath.lastComponent) != nil { contents.syncTemporaries.append(relativePath) }
            if ConflictCopy(relativePath.lastComponent) != nil { contents.conflictCopies.append(relativePath) }
            contents.entryCount += 1
            if entry.st_mode & S_IFMT == S_IFDIR {
                contents.directories.append(DirectorySignature(
                    relativePath: relativePath, modificationTime: Nanoseconds.since1970(entry.st_mtim), changeTime: Nanoseconds.since1970(entry.st_ctim)))
            } else {
                contents.size += Int64(entry.st_size)
            }
            return true
        }
        return contents
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
