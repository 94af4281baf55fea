#ifndef PLOG_CGIT2_SHIM_H
#define PLOG_CGIT2_SHIM_H
#include <git2.h>
#include <zlib.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-signature shim per option used. */

static inline int plog_git_opts_enable_fsync_gitdir(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}

/* zlib's deflateInit/inflateInit are macros over the *_ functions; Swift cannot see macros. */

static inline int plog_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}

static inline int plog_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

#endif
