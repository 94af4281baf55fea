#ifndef PLOG_CSQLITE_SHIM_H
#define PLOG_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
