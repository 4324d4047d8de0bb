#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include "CDocShims.h"

int cdocshims_birth_time(const char *path, long long *seconds, unsigned int *nanoseconds) {
    struct statx status;
    if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BTIME, &status) != 0) return -1;
    if (!(status.stx_mask & STATX_BTIME)) return 0;
    *seconds = status.stx_btime.tv_sec;
    *nanoseconds = status.stx_btime.tv_nsec;
    return 1;
}
