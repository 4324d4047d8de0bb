extension FileSystem {
    /// The inode at `path`, not following a link; nil when nothing is there.
    static func inode(of path: RawPath) -> UInt64? {
        (try? FileStatus.of(path))??.inode
    }

    static func device(of path: RawPath) -> UInt64? {
        (try? FileStatus.of(path))??.device
    }

    /// Renames an item to a hidden name beside it, so it leaves view in one
    /// step, then removes it; a crash in between leaves only the hidden
    /// remnant, which recovery removes.
    static func retireAndRemove(_ item: RawPath, retired: RawPath) throws(DocKitError) {
        if inode(of: item) != nil {
            try renameWithoutReplacing(item, to: retired)
            try synchronizeDirectory(item.deletingLastComponent)
        }
        CrashPoint.reached("retired")
        try TreeRemover.remove(retired)
    }
}
