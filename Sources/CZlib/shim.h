#include <zlib.h>

/* deflateInit2 is a function-like macro, which Swift does not import.
   A raw stream (negative window bits): zip carries no zlib header. */
static inline int czlib_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
