import CSQLite3

/// One SQLite connection with a cache of prepared statements: the package's one thin C wrapper, under the beacon
/// store and the simulator's SQLite output (package access: shared by the modules, not part of the public API).
///
/// Not `Sendable`: ``BeaconStore`` owns it inside a `Mutex`, so one thread at a time uses it (the connection is
/// opened with `SQLITE_OPEN_NOMUTEX`, SQLite's multi-thread mode, for exactly that use).
package final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Opens (creating it if needed) the database at `path`; `":memory:"` opens a private in-memory database.
    ///
    /// SQLite opens a file it may not write (a read-only file or volume) read-only without an error: see
    /// ``isReadOnly``.
    /// With `followingLinks` false a symbolic link at `path` is refused (`SQLITE_OPEN_NOFOLLOW`, SQLite 3.31).
    package static func open(path: String, followingLinks: Bool = true) throws(SQLiteError) -> SQLiteConnection {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        return try open(path, flags: followingLinks ? flags : flags | SQLITE_OPEN_NOFOLLOW)
    }

    /// Opens the database named by a `file:` URI (`file:/path?mode=ro`, `file:/path?immutable=1`) read-only:
    /// nothing is created, and SQLite refuses every write with `SQLITE_READONLY`.
    package static func openReadOnly(uri: String) throws(SQLiteError) -> SQLiteConnection {
        try open(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
    }

    /// A `file:` URI for `path` with the query `query` (`mode=ro`): `?`, `#`, `%` and every byte outside ASCII
    /// letters, digits and `/-._~` are percent-encoded, so the path is read as it is.
    package static func uri(path: String, query: String) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~".utf8)
        var encoded = "file:"
        for byte in path.utf8 {
            if plain.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return encoded + "?" + query
    }

    private static func open(_ path: String, flags: Int32) throws(SQLiteError) -> SQLiteConnection {
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let handle = pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let pointer { sqlite3_close_v2(pointer) }
            throw SQLiteError(code: code & 0xFF, message: message, operation: "opening \(path)")
        }
        sqlite3_extended_result_codes(handle, 1)
        return SQLiteConnection(handle: handle)
    }

    /// Runs one or more statements that return no rows (pragmas, schema, transactions).
    package func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw Self.error(code, connection: handle, operation: "running \(sql)") }
    }

    /// The prepared statement for `sql`, prepared once and reset before it is handed out.
    package func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let prepared = pointer else {
            throw Self.error(code, connection: handle, operation: "preparing \(sql)")
        }
        let statement = SQLiteStatement(handle: prepared, connection: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The first column of the first row of `sql` as text (for pragmas such as `journal_mode`).
    package func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    package func int64(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// Whether the main database is open read-only: asked for (``openReadOnly(uri:)``), or chosen by SQLite for a
    /// file it may not write, which it opens "successfully" and then refuses the first write with `SQLITE_READONLY`.
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// The rows the last statement changed.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row ID of the last insert.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one `BEGIN IMMEDIATE ... COMMIT` transaction, rolled back when it throws.
    package func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error for a failed call, with SQLite's message for this connection.
    static func error(_ code: Int32, connection: OpaquePointer, operation: String) -> SQLiteError {
        SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(connection)), operation: operation)
    }
}
