#if canImport(Glibc)
import Glibc
#endif

/// Syncthing's file versioning: the `.stversions` folder at the top of a
/// Syncthing folder (the one holding `.stfolder`), where it keeps what it
/// replaced or deleted at the same path inside. Simple and staggered
/// versioning tag each file before its extension
/// (`slide~20261127-101010.png`); the trash can keeps its name. A package
/// whose files Syncthing deleted may be whole again from there, with what
/// is left of it in place.
enum SyncthingVersions {
    /// The latest version Syncthing keeps of each file that was inside the
    /// package at `path`: the versioned file, by the path inside the
    /// package it had. Empty when the package is in no Syncthing folder,
    /// or it keeps no versions.
    static func files(ofPackageAt path: RawPath) throws -> [RawPath: RawPath] {
        guard let kept = try keptFolder(of: path), try FileStatus.of(kept)?.kind == .directory else { return [:] }
        var latest: [RawPath: (tag: [UInt8], path: RawPath)] = [:]
        try TreeWalk.visit(kept) { relativePath, entry in
            guard entry.st_mode & S_IFMT == S_IFREG else { return true }
            let (name, tag) = untagged(relativePath.lastComponent)
            let original = relativePath.deletingLastComponent.appending(name)
            if let found = latest[original], !found.tag.lexicographicallyPrecedes(tag) { return true }
            latest[original] = (tag, kept.appending(relativePath))
            return true
        }
        return latest.mapValues(\.path)
    }

    /// Where `.stversions` keeps what was at `path`: the same path under
    /// it, relative to the Syncthing folder; nil outside any.
    static func keptFolder(of path: RawPath) throws -> RawPath? {
        var folder = path.deletingLastComponent
        var inside = [path.lastComponent]
        while !folder.isEmpty {
            if try FileStatus.of(folder.appending(".stfolder")) != nil {
                return inside.reduce(folder.appending(".stversions")) { $0.appending($1) }
            }
            let parent = folder.deletingLastComponent
            guard parent != folder else { return nil }
            inside.insert(folder.lastComponent, at: 0)
            folder = parent
        }
        return nil
    }

    /// A versioned file's original name and its tag, as Syncthing's
    /// `UntagFilename` reads them: `~YYYYMMDD-HHMMSS` just before the
    /// extension. A name without one is the trash can's, with an empty tag.
    static func untagged(_ name: RawPath) -> (name: RawPath, tag: [UInt8]) {
        let bytes = name.bytes
        let dot = bytes.dropFirst().lastIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let stem = bytes[..<dot]
        guard stem.count > 16, stem[stem.endIndex - 16] == UInt8(ascii: "~") else { return (name, []) }
        let tag = Array(stem.suffix(15))
        let digits = tag.enumerated().allSatisfy { index, byte in index == 8 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard digits else { return (name, []) }
        return (RawPath(bytes: Array(stem.dropLast(16)) + Array(bytes[dot...])), tag)
    }
}
