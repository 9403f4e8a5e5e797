#ifndef ADBRIDGE_CSQLITE3_SHIM_H
#define ADBRIDGE_CSQLITE3_SHIM_H

/*
 * SQLite for Swift on Linux (Debian's libsqlite3-dev), used by AdRuntime's durable beacon queue.
 *
 * SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot import; the
 * helpers below bind text and integers with it from C.
 */
#include <sqlite3.h>

/* Binds `length` bytes of UTF-8 text, copied by SQLite before it returns (SQLITE_TRANSIENT). */
static inline int adbridge_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
