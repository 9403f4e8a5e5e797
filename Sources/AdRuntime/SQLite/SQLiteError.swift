import CSQLite3

/// A failed SQLite call: the result code, SQLite's own message and what AdRuntime was doing. It travels as the
/// `underlying` error of the `AdError` the beacon store throws, which adds the hint.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_CANTOPEN`, ...; the extended code's low byte).
    package var code: Int32
    /// SQLite's message for the failure.
    package var message: String
    /// What AdRuntime was doing (`open`, `insert a beacon`, ...).
    package var operation: String

    /// `SQLite error 26 (file is not a database) while opening ...`.
    package var description: String { "SQLite error \(code) (\(message)) while \(operation)" }

    /// Whether the file is damaged or not a database at all.
    package var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// Whether the file or its folder cannot be opened or written.
    package var isAccess: Bool {
        code == SQLITE_CANTOPEN || code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_AUTH
    }

    /// Whether writing failed for lack of room or on the storage itself: a full disk, a file size limit (SQLite
    /// reports `SQLITE_FULL`, or `SQLITE_IOERR` when a write is refused with `EFBIG` or `ENOSPC`), failing storage.
    package var isStorage: Bool { code == SQLITE_FULL || code == SQLITE_IOERR }
}
