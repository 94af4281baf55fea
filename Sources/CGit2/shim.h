#ifndef PLOG_CGIT2_SHIM_H
#define PLOG_CGIT2_SHIM_H
#include <git2.h>
#endif
