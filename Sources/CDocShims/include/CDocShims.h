#ifndef CDOCSHIMS_H
#define CDOCSHIMS_H

/// renameat2(2), hidden from Swift's Glibc module behind _GNU_SOURCE.
/// Returns 0 on success, or -1 with errno set.
int cdocshims_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

extern const unsigned int CDOCSHIMS_RENAME_NOREPLACE;
extern const unsigned int CDOCSHIMS_RENAME_EXCHANGE;

/// inotify(7), which Swift's Glibc module does not import. The file
/// descriptor is non-blocking and close-on-exec.
int cdocshims_inotify_init(void);
int cdocshims_inotify_add_watch(int fd, const char *path, unsigned int mask);

/// What a watched directory reports: entries created, deleted, written,
/// renamed in or out, and the directory itself going away.
extern const unsigned int CDOCSHIMS_IN_CHANGES;
extern const unsigned int CDOCSHIMS_IN_CREATE;
extern const unsigned int CDOCSHIMS_IN_MOVED_FROM;
extern const unsigned int CDOCSHIMS_IN_MOVED_TO;
extern const unsigned int CDOCSHIMS_IN_ISDIR;
extern const unsigned int CDOCSHIMS_IN_IGNORED;
extern const unsigned int CDOCSHIMS_IN_Q_OVERFLOW;

/// The birth time statx(2) reports for `path`, not following a final
/// link, which Swift's Glibc module does not import. Returns 1 with the
/// time set, 0 when the file system keeps none, -1 with errno set.
int cdocshims_birth_time(const char *path, long long *seconds, unsigned int *nanoseconds);

/// wcwidth(3), which Swift's Glibc module does not import: the columns a
/// Unicode scalar takes on a terminal, in the current LC_CTYPE locale;
/// -1 for a control or an unknown scalar.
int cdocshims_wcwidth(unsigned int scalar);

/// The f_type fstatfs(2) reports for the file open as `fd` (a magic
/// number such as 0xEF53 for ext4), which Swift's Glibc module does not
/// import; -1 with errno set.
long long cdocshims_file_system_type(int fd);

/// ioctl(FICLONE): `destination`, an empty file, shares all of `source`'s
/// blocks (btrfs, XFS, bcachefs); 0, or -1 with errno set (EOPNOTSUPP,
/// EXDEV, EINVAL where the file system cannot).
int cdocshims_clone_file(int destination, int source);

/// copy_file_range(2) from and to the files' own offsets, which Swift's
/// Glibc module does not import: the kernel copies, and a file system may
/// share blocks or copy on the server (NFS). The bytes copied, 0 at the
/// end of `source`, or -1 with errno set.
long long cdocshims_copy_file_range(int source, int destination, unsigned long long length);

/// lgetxattr(2), lsetxattr(2) and lremovexattr(2), which Swift's Glibc
/// module does not import: a file's own extended attributes, never those
/// of what a symlink points to. As the calls return, errno set on -1.
long long cdocshims_lgetxattr(const char *path, const char *name, void *value, unsigned long long size);
int cdocshims_lsetxattr(const char *path, const char *name, const void *value, unsigned long long size);
int cdocshims_lremovexattr(const char *path, const char *name);

/// Copies every extended attribute of the user namespace (tags, Finder
/// metadata a sync engine carried) from one open file or folder to
/// another; 0, or -1 with errno set (ENOTSUP where the destination's file
/// system keeps none).
int cdocshims_copy_user_xattrs(int source, int destination);

/// Catches signal `number` with a handler that writes the number, as one
/// byte, to `pipe_write_end`. The kernel runs a process's handler on
/// whichever thread does not block the signal; a write reaches the pipe's
/// reader from any of them, where a Dispatch signal source can miss a
/// signal, or lose it to SIG_IGN while another part of the process has
/// taken it over. 0, or -1 with errno set.
int cdocshims_catch_into_pipe(int number, int pipe_write_end);

/// For a while (a plugin's run), catches `number` into `pipe_write_end`
/// instead, keeping what it replaces for cdocshims_give_back_signal and
/// cdocshims_pass_on_signal. 0, or -1 with errno set (EINVAL when taken
/// over already).
int cdocshims_take_over_signal(int number, int pipe_write_end);

/// Puts back what cdocshims_take_over_signal replaced. 0, or -1 with
/// errno set.
int cdocshims_give_back_signal(int number);

/// Passes `number`, received while taken over, to whoever caught it into
/// a pipe before the latest take-over (given back or not, as a signal
/// caught just before may be read after): 1 when someone had, else 0.
int cdocshims_pass_on_signal(int number);

#endif
