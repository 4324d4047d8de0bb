#ifndef CSYNCTHINGHTTP_H
#define CSYNCTHINGHTTP_H

#include <stddef.h>

/// What one GET gave: the HTTP status and body, or why there is none.
typedef struct {
    long status;
    unsigned char *body;
    size_t length;
    /// 0 when the request was answered; otherwise `error` says why.
    int failed;
    char error[256];
} csyncthing_http_answer;

/// GET `url` with one extra header line (`Name: value`), libcurl's easy
/// interface: no proxy, no redirect, http and https only, the server's
/// certificate not verified (Syncthing's own is self-signed, on
/// loopback), at most `timeout_ms` in all and `largest` bytes of body.
/// Free the answer with csyncthing_http_free.
csyncthing_http_answer csyncthing_http_get(const char *url, const char *header, long timeout_ms, size_t largest);

void csyncthing_http_free(csyncthing_http_answer *answer);

#endif
