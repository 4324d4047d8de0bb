#include <sys/xattr.h>
#include "CDocShims.h"

long long cdocshims_lgetxattr(const char *path, const char *name, void *value, unsigned long long size) {
    return lgetxattr(path, name, value, size);
}

int cdocshims_lsetxattr(const char *path, const char *name, const void *value, unsigned long long size) {
    return lsetxattr(path, name, value, size, 0);
}

int cdocshims_lremovexattr(const char *path, const char *name) {
    return lremovexattr(path, name);
}
