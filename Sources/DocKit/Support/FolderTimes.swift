import CDocShims

/// Whether a file system is known to change a folder's modification and
/// change times whenever a name comes or goes in it. Every local Linux
/// file system does, as POSIX asks; network and FUSE file systems may
/// show times a server or a sync client kept, so a folder's names
/// remembered by its times are trusted only on these (git makes its
/// untracked cache a choice for the same doubt).
enum FolderTimes {
    private static let faithfulFileSystems: Set<Int64> = [
        0xEF53, // ext2, ext3, ext4
        0x5846_5342, // XFS
        0x9123_683E, // Btrfs
        0x0102_1994, // tmpfs
        0xF2F5_2010, // F2FS
    ]

    /// Whether the file system holding the file open as `descriptor` is
    /// one of those.
    static func followNames(onFileSystemOf descriptor: Int32) -> Bool {
        faithfulFileSystems.contains(cdocshims_file_system_type(descriptor))
    }
}
