#include "CSyncthingHTTP.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t initialized = PTHREAD_ONCE_INIT;
static void initialize(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t largest;
    int overflowed;
} body_buffer;

/* Refusing the chunk (a short count) makes libcurl stop with
   CURLE_WRITE_ERROR: an answer past the limit is never read whole. */
static size_t collect(char *data, size_t size, size_t count, void *context) {
    body_buffer *buffer = context;
    size_t length = size * count;
    if (length > buffer->largest - buffer->length) {
        buffer->overflowed = 1;
        return 0;
    }
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (!grown) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return length;
}

csyncthing_http_answer csyncthing_http_get(const char *url, const char *header, long timeout_ms, size_t largest) {
    csyncthing_http_answer answer = {0};
    pthread_once(&initialized, initialize);
    CURL *curl = curl_easy_init();
    if (!curl) {
        answer.failed = 1;
        snprintf(answer.error, sizeof answer.error, "libcurl could not start a request");
        return answer;
    }
    body_buffer buffer = {.largest = largest};
    struct curl_slist *headers = curl_slist_append(NULL, header);
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    /* Loopback only: http_proxy and the like in the environment must not
       send the API key anywhere else. */
    curl_easy_setopt(curl, CURLOPT_PROXY, "");
    curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &buffer);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    CURLcode code = curl_easy_perform(curl);
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status);
        answer.body = buffer.bytes;
        answer.length = buffer.length;
    } else {
        answer.failed = 1;
        if (buffer.overflowed)
            snprintf(answer.error, sizeof answer.error, "its answer is larger than %zu bytes", largest);
        else
            snprintf(answer.error, sizeof answer.error, "%s", error[0] ? error : curl_easy_strerror(code));
        free(buffer.bytes);
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return answer;
}

void csyncthing_http_free(csyncthing_http_answer *answer) {
    free(answer->body);
    answer->body = NULL;
    answer->length = 0;
}
