#include <sys/inotify.h>
#include "CDocShims.h"

const unsigned int CDOCSHIMS_IN_CHANGES = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB
    | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW;
const unsigned int CDOCSHIMS_IN_CREATE = IN_CREATE;
const unsigned int CDOCSHIMS_IN_MOVED_FROM = IN_MOVED_FROM;
const unsigned int CDOCSHIMS_IN_MOVED_TO = IN_MOVED_TO;
const unsigned int CDOCSHIMS_IN_ISDIR = IN_ISDIR;
const unsigned int CDOCSHIMS_IN_IGNORED = IN_IGNORED;
const unsigned int CDOCSHIMS_IN_Q_OVERFLOW = IN_Q_OVERFLOW;

int cdocshims_inotify_init(void) {
    return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}

int cdocshims_inotify_add_watch(int fd, const char *path, unsigned int mask) {
    return inotify_add_watch(fd, path, mask);
}
