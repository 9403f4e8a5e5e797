import CSQLite3

/// A failed step of writing a simulation's SQLite file (`adsim simulate --sqlite`): SQLite's primary result code
/// (or the one that fits, for a file refused before SQLite sees it), its message, what the writer was doing, and
/// how to fix it.
///
/// ```swift
/// do throws(SimulationSQLiteError) {
///     _ = try SimulationSQLiteWriter(path: "notes.txt")
/// } catch {
///     print(error)   // SQLite error 26 (not a SQLite database) while opening notes.txt. Hint: ...
/// }
/// ```
public struct SimulationSQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_NOTADB` 26, `SQLITE_CANTOPEN` 14, `SQLITE_FULL` 13, ...).
    public var code: Int32
    /// SQLite's message, or the writer's own for a file it refused.
    public var message: String
    /// What the writer was doing (`opening out.sqlite`, `inserting a request`, ...).
    public var operation: String
    /// How to fix it.
    public var hint: String

    /// Creates an error.
    public init(code: Int32, message: String, operation: String, hint: String) {
        self.code = code
        self.message = message
        self.operation = operation
        self.hint = hint
    }

    /// The error of a failed SQLite call, with a hint that fits its code.
    init(code: Int32, message: String, operation: String) {
        let primary = code & 0xFF
        let hint: String
        switch primary {
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_AUTH:
            hint = "Give a path in a folder that exists and that you can write to."
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            hint = "The file is not a usable SQLite database: give a new file name, or remove the file."
        case SQLITE_FULL, SQLITE_IOERR:
            hint = "Writing failed on the storage (full disk, a size limit): free space or write elsewhere."
        case SQLITE_BUSY, SQLITE_LOCKED:
            hint = "Another program holds the database: close it, or write to another file."
        default:
            hint = "Write to a new file; if it happens again, report it with the command line."
        }
        self.init(code: primary, message: message, operation: operation, hint: hint)
    }

    /// `SQLite error 26 (file is not a database) while opening out.sqlite. Hint: ...`.
    public var description: String { "SQLite error \(code) (\(message)) while \(operation). Hint: \(hint)" }
}
