// The system's SQLite, for the short-link store: the library ships with macOS and iOS, and on
// Linux comes from the libsqlite3-dev package.
#include <sqlite3.h>

// SQLite copies the bound text before the call returns (SQLITE_TRANSIENT, a macro Swift cannot
// import), so the caller's buffer may end right after it.
static inline int csqlite_bind_text_copied(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}
