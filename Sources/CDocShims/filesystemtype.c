#include <sys/vfs.h>

#include "CDocShims.h"

long long cdocshims_file_system_type(int fd) {
    struct statfs facts;
    if (fstatfs(fd, &facts) != 0) return -1;
    return (long long)facts.f_type;
}
