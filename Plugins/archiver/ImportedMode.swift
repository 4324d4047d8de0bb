#if canImport(Glibc)
import ArchiveChecks
import Glibc
#endif

/// The permissions an imported entry gets: Python's PEP 706 `data` filter,
/// which is what "extract a stranger's archive as plain data" has come to
/// mean. setuid, setgid and sticky bits and group/other write are cleared.
/// Files stay readable and writable by their owner (a file nobody may
/// read is no document), and lose every execute bit when the owner had
/// none.
enum ImportedMode {
    static func file(_ archived: mode_t) -> mode_t {
        var mode = archived & 0o755
        if mode & 0o100 == 0 { mode &= ~0o111 }
        return mode | 0o600
    }

    /// Directories stay owner-writable and searchable: on Linux, moving a
    /// directory to another parent needs write permission on it (its `..`
    /// changes), so a read-only top-level directory could never leave the
    /// staging directory for Documents, nor be moved to the Trash after.
    static func directory(_ archived: mode_t) -> mode_t {
        (archived & 0o755) | 0o700
    }
}
