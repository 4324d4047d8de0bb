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

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cdocshims_copy_user_xattrs(int source, int destination) {
    ssize_t length = flistxattr(source, NULL, 0);
    if (length <= 0) return (int)length;
    char *names = malloc((size_t)length);
    if (names == NULL) return -1;
    length = flistxattr(source, names, (size_t)length);
    int result = length < 0 ? -1 : 0;
    for (ssize_t offset = 0; result == 0 && offset < length; offset += (ssize_t)strlen(names + offset) + 1) {
        const char *name = names + offset;
        if (strncmp(name, "user.", 5) != 0) continue;
        ssize_t size = fgetxattr(source, name, NULL, 0);
        if (size < 0) { result = -1; break; }
        void *value = malloc(size > 0 ? (size_t)size : 1);
        if (value == NULL) { result = -1; break; }
        size = fgetxattr(source, name, value, (size_t)size);
        if (size < 0 || fsetxattr(destination, name, value, (size_t)size, 0) != 0) result = -1;
        free(value);
    }
    int saved = errno;
    free(names);
    errno = saved;
    return result;
}
