import CSQLite
import PromptLog

/// One SQLite database file, opened through the system's libsqlite3. The only file that imports
/// the C module: the connection and statement pointers stay private, are freed in `deinit`, and
/// every return code goes through `check`, whose errors name the file and SQLite's own message.
final class SQLiteDatabase {
    enum Mode {
        /// Never writes, never creates (the tool that owns the file may be writing to it).
        case readOnly
        /// Read and write, creating the file when missing (tests build fixtures with it).
        case readWriteCreate
    }

    /// The file as the user named it (errors quote it).
    let path: String
    private let db: OpaquePointer

    /// Opens `path`. A read-only open also waits up to `busyTimeoutMs` (default 2000) for a
    /// writer's lock instead of failing at once.
    init(path: String, mode: Mode = .readOnly, busyTimeoutMs: Int32 = 2000) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags: Int32 = mode == .readOnly
            ? SQLITE_OPEN_READONLY
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else {
            throw SQLiteDatabase.error(path: path, doing: "open", message: String(cString: sqlite3_errstr(rc)))
        }
        db = handle
        if rc != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close_v2(handle)
            throw SQLiteDatabase.error(path: path, doing: "open", message: message)
        }
        try check(sqlite3_busy_timeout(db, busyTimeoutMs), doing: "set the busy timeout")
    }

    deinit { sqlite3_close_v2(db) }

    /// Runs SQL that returns no rows (one or more statements).
    func execute(_ sql: String) throws {
        var errorText: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &errorText)
        if rc != SQLITE_OK {
            let message = errorText.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errorText)
            throw SQLiteDatabase.error(path: path, doing: "run \(SQLiteDatabase.firstLine(sql))", message: message)
        }
    }

    /// A compiled statement for `sql`.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var stmt: OpaquePointer?
        try check(sqlite3_prepare_v2(db, sql, -1, &stmt, nil), doing: "prepare \(SQLiteDatabase.firstLine(sql))")
        guard let stmt else {  // SQL with no statement in it (only a comment)
            throw SQLiteDatabase.error(path: path, doing: "prepare \(SQLiteDatabase.firstLine(sql))", message: "no statement")
        }
        return SQLiteStatement(stmt, database: self, sql: sql)
    }

    /// The names of the tables in the file (this also checks that the file is a database).
    func tableNames() throws -> Set<String> {
        let stmt = try prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        var names: Set<String> = []
        while try stmt.step() {
            if let name = stmt.string(0) { names.insert(name) }
        }
        return names
    }

    /// The column names of `table`.
    func columnNames(of table: String) throws -> Set<String> {
        let stmt = try prepare("SELECT name FROM pragma_table_info(?1)")
        try stmt.bind(1, table)
        var names: Set<String> = []
        while try stmt.step() {
            if let name = stmt.string(0) { names.insert(name) }
        }
        return names
    }

    /// Throws unless `rc` is `SQLITE_OK` (or one of `also`), with the connection's message.
    fileprivate func check(_ rc: Int32, doing: String, also: Set<Int32> = []) throws {
        guard rc != SQLITE_OK, !also.contains(rc) else { return }
        throw SQLiteDatabase.error(path: path, doing: doing, message: String(cString: sqlite3_errmsg(db)))
    }

    static func error(path: String, doing: String, message: String) -> PlogError {
        .invalidInput(input: path, reason: "SQLite could not \(doing): \(message)",
                      hint: "check that the path names an SQLite database file that you can read")
    }

    private static func firstLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(4).joined(separator: " ")
        return "'" + words + (words.count < sql.count ? " …'" : "'")
    }
}

/// A compiled statement of a `SQLiteDatabase`; finalized in `deinit`. Columns are read by
/// index, as the query names them.
final class SQLiteStatement {
    private let stmt: OpaquePointer
    private let database: SQLiteDatabase
    private let sql: String

    fileprivate init(_ stmt: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.stmt = stmt; self.database = database; self.sql = sql
    }

    deinit { sqlite3_finalize(stmt) }

    /// Binds text (or NULL for nil) to the 1-based parameter `index`.
    func bind(_ index: Int32, _ value: String?) throws {
        let rc: Int32
        if let value {
            // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
            rc = sqlite3_bind_text(stmt, index, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        } else {
            rc = sqlite3_bind_null(stmt, index)
        }
        try database.check(rc, doing: "bind parameter \(index)")
    }

    /// Binds an integer to the 1-based parameter `index`.
    func bind(_ index: Int32, _ value: Int64) throws {
        try database.check(sqlite3_bind_int64(stmt, index, value), doing: "bind parameter \(index)")
    }

    /// Advances to the next row: true when a row is ready, false when the statement is done.
    @discardableResult
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        try database.check(rc, doing: "read rows", also: [SQLITE_DONE])
        return false
    }

    /// Clears the bindings and rewinds the statement to run again.
    func reset() throws {
        try database.check(sqlite3_reset(stmt), doing: "reset a statement")
        try database.check(sqlite3_clear_bindings(stmt), doing: "clear bindings")
    }

    /// Column `index` of the current row as text; nil when NULL. Bytes that are not UTF-8 are
    /// replaced, never dropped with the rest of the row.
    func string(_ index: Int32) -> String? {
        guard sqlite3_column_type(stmt, index) != SQLITE_NULL, let p = sqlite3_column_text(stmt, index) else { return nil }
        let count = Int(sqlite3_column_bytes(stmt, index))
        return String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as an integer; nil when NULL.
    func int64(_ index: Int32) -> Int64? {
        guard sqlite3_column_type(stmt, index) != SQLITE_NULL else { return nil }
        return sqlite3_column_int64(stmt, index)
    }
}
