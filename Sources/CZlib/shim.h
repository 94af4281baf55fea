#ifndef PLOG_CZLIB_SHIM_H
#define PLOG_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro over inflateInit2_; Swift cannot see macros. A negative window size
   asks for raw deflate data, the form a zip entry stores (no zlib header or trailer). */
static inline int plog_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

#endif
