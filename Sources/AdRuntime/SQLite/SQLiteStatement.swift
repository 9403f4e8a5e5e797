import CSQLite3

/// One prepared SQLite statement, reused for every call (bind, step, read, reset). Not `Sendable`: it belongs to
/// its ``SQLiteConnection``, which the beacon store keeps behind a `Mutex`.
package final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let sql: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds an integer to the 1-based parameter `index`.
    package func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value), "binding parameter \(index)")
    }

    /// Binds a floating-point number to the 1-based parameter `index`.
    package func bind(_ index: Int32, _ value: Double) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value), "binding parameter \(index)")
    }

    /// Binds UTF-8 text (copied by SQLite) or NULL to the 1-based parameter `index`.
    package func bind(_ index: Int32, _ value: String?) throws(SQLiteError) {
        guard var text = value else {
            try check(sqlite3_bind_null(handle, index), "binding parameter \(index)")
            return
        }
        let code = text.withUTF8 { bytes -> Int32 in
            guard let length = Int32(exactly: bytes.count) else { return SQLITE_TOOBIG }
            return bytes.withMemoryRebound(to: CChar.self) {
                adbridge_sqlite3_bind_text(handle, index, $0.baseAddress, length)
            }
        }
        try check(code, "binding parameter \(index)")
    }

    /// How many parameters the statement has (the highest `?` index).
    package var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Runs the statement one step: `true` when a row is ready to read, `false` when it is done.
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteConnection.error(code, connection: connection, operation: "running \(sql)")
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    package func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// The integer in column `index` of the current row (0 for NULL).
    package func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The text in column `index` of the current row, or `nil` for NULL.
    package func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: max(0, count)), as: UTF8.self)
    }

    /// Makes the statement ready to run again and clears its parameters.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func check(_ code: Int32, _ operation: String) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteConnection.error(code, connection: connection, operation: operation)
        }
    }
}
