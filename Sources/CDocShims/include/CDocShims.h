#ifndef CDOCSHIMS_H
#define CDOCSHIMS_H

/// renameat2(2), hidden from Swift's Glibc module behind _GNU_SOURCE.
/// Returns 0 on success, or -1 with errno set.
int cdocshims_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

extern const unsigned int CDOCSHIMS_RENAME_NOREPLACE;
extern const unsigned int CDOCSHIMS_RENAME_EXCHANGE;

#endif
