#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "CDocShims.h"

const unsigned int CDOCSHIMS_RENAME_NOREPLACE = RENAME_NOREPLACE;
const unsigned int CDOCSHIMS_RENAME_EXCHANGE = RENAME_EXCHANGE;

int cdocshims_renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags) {
    return renameat2(olddirfd, oldpath, newdirfd, newpath, flags);
}
