public import AdCore
import CSQLite3
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AdError.Code {
    /// The beacon queue's SQLite store could not be opened, read or written (damaged, not a beacon store, written
    /// by a newer AdBridge, in a folder that cannot be written, read-only, or a full disk). The queue goes on in
    /// memory. The error's `providerCode` is SQLite's primary result code (26: not a database, 11: damaged, 14:
    /// cannot open, 8: read-only).
    public static let beaconStore: AdError.Code = "beaconStore"
}

/// Where a ``BeaconQueue``'s beacons wait: one SQLite database in WAL mode, in a file (durable across a killed
/// process) or, as the fallback, in memory. Each call is one transaction.
///
/// The store keeps the count and the bytes of its rows and enforces the queue's bounds: inserting past them
/// evicts the oldest beacons that are not being delivered, and reports how many.
///
/// Sendable: the connection (a C `sqlite3*` handle and its prepared statements) lives inside a `Mutex`.
///
/// This file holds the schema, the opening and the lock around the connection; the operations on the beacons are
/// in `BeaconStore+Queue.swift`, the checks of an opened file and the errors of a failed call in
/// `BeaconStore+Diagnostics.swift`. For those extensions the statements (`SQL`) and the lock helpers (`locked`,
/// `writing`) are internal rather than private.
final class BeaconStore: Sendable {
    /// A file path, or memory.
    enum Location: Sendable, Equatable, CustomStringConvertible {
        /// A database file (with its `-wal` and `-shm` files beside it).
        case file(String)
        /// A private in-memory database: beacons survive until the process ends.
        case memory

        var description: String {
            switch self {
            case .file(let path): path
            case .memory: "memory"
            }
        }
    }

    /// The writes of one worker turn, applied in one transaction.
    struct Changes: Sendable, Equatable {
        /// New beacons (their `id` is ignored).
        var inserts: [StoredBeacon] = []
        /// Beacons delivered, failed for good or expired.
        var deletes: [Int64] = []
        /// Beacons to try again later.
        var retries: [Retry] = []

        var isEmpty: Bool { inserts.isEmpty && deletes.isEmpty && retries.isEmpty }
    }

    /// A beacon to try again: its attempts so far and when it is due.
    struct Retry: Sendable, Equatable {
        var id: Int64
        var attempts: Int
        var dueAt: Int64
    }

    /// The largest number of beacons and of their bytes the store keeps.
    struct Bounds: Sendable, Equatable {
        var count: Int
        var bytes: Int
    }

    private struct State {
        let connection: SQLiteConnection
        var count: Int
        var bytes: Int
    }

    enum SQL {
        static let insert = """
            INSERT INTO beacon (kind, url, provider, enqueued_ms, due_ms, attempts, bytes)
            VALUES (?, ?, ?, ?, ?, 0, ?)
            """
        static let delete = "DELETE FROM beacon WHERE id = ? RETURNING bytes"
        static let retry = "UPDATE beacon SET attempts = ?, due_ms = ? WHERE id = ?"
        static let due = """
            SELECT id, kind, url, provider, enqueued_ms, attempts, bytes FROM beacon
            WHERE due_ms <= ? ORDER BY due_ms, id LIMIT ?
            """
        static let next = "SELECT due_ms FROM beacon WHERE due_ms > ? ORDER BY due_ms, id LIMIT 1"
        static let oldest = "SELECT id FROM beacon ORDER BY id LIMIT ?"
        static let expired = "SELECT id FROM beacon WHERE enqueued_ms < ? LIMIT ?"
        static let totals = "SELECT count(*), coalesce(sum(bytes), 0) FROM beacon"
        static let restore = """
            INSERT INTO beacon (id, kind, url, provider, enqueued_ms, due_ms, attempts, bytes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        static let all = [insert, delete, retry, due, next, oldest, expired, totals, restore]
        static let schema = """
            CREATE TABLE IF NOT EXISTS beacon (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                url TEXT NOT NULL,
                provider TEXT,
                enqueued_ms INTEGER NOT NULL,
                due_ms INTEGER NOT NULL,
                attempts INTEGER NOT NULL,
                bytes INTEGER NOT NULL
            );
            CREATE INDEX IF NOT EXISTS beacon_due ON beacon (due_ms, id);
            PRAGMA user_version = \(BeaconStore.schemaVersion);
            """
    }

    /// The schema version this code writes (`PRAGMA user_version`).
    static let schemaVersion: Int64 = 1

    /// A beacon as a row holds it: the stored beacon and when it is due.
    struct Row: Sendable, Equatable {
        var beacon: StoredBeacon
        var dueAt: Int64
    }

    /// Where the beacons are.
    let location: Location
    private let state: Mutex<State>

    private init(location: Location, state: sending State) {
        self.location = location
        self.state = Mutex(state)
    }

    /// Opens (or creates) the store in the file at `path` and checks it.
    ///
    /// - Throws: `beaconStore` with a hint when the file is damaged, is not a beacon store, was written by a newer
    ///   AdBridge, or cannot be created or written.
    static func open(path: String) throws(AdError) -> BeaconStore {
        // SQLite would open a FIFO or a device and then block reading it: only regular files (or nothing yet).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw AdError(
                .beaconStore, "The beacon store path \(path) is not a regular file (a folder, a FIFO or a device).",
                hint: "Give the queue a file path in a folder the app can write, for example "
                    + "Application Support/beacons.sqlite; beacons are kept in memory until then.")
        }
        return try open(.file(path), sqlitePath: path)
    }

    /// A new, empty in-memory store: the fallback when the file store fails.
    ///
    /// - Throws: `beaconStore` when SQLite cannot open even a memory database.
    static func memory() throws(AdError) -> BeaconStore {
        try open(.memory, sqlitePath: ":memory:")
    }

    /// Opens the database, checks it without writing (damage, schema version, someone else's tables), and only
    /// then switches it to WAL and creates the table: a file that is not a beacon store is never changed. A file
    /// SQLite could open only read-only (a read-only file or volume) is refused before the first write, as
    /// `SQLITE_READONLY`: it is not a damaged or foreign store.
    private static func open(_ location: Location, sqlitePath: String) throws(AdError) -> BeaconStore {
        let connection: SQLiteConnection
        do throws(SQLiteError) {
            connection = try SQLiteConnection.open(path: sqlitePath)
            try connection.execute("PRAGMA busy_timeout = 1000")
        } catch {
            throw failure(error, at: location)
        }
        _ = try inspect(connection, at: location)
        guard !connection.isReadOnly else {
            let error = SQLiteError(
                code: SQLITE_READONLY, message: "the file, or the volume it is on, is read-only",
                operation: "opening \(sqlitePath)")
            throw failure(error, at: location)
        }
        do throws(SQLiteError) {
            // WAL with synchronous NORMAL: a committed turn survives the process being killed (the WAL is written
            // before COMMIT returns); only a power loss can take the last turns back. The WAL file is cut back to
            // 4 MiB after each checkpoint, so the disk stays flat too. (A memory database answers `memory`.)
            _ = try connection.text("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 4194304")
        } catch {
            throw failure(error, at: location)
        }
        do throws(SQLiteError) {
            try connection.execute(SQL.schema)
            // Preparing every statement now finds a table of another shape at once, not at the first beacon.
            for sql in SQL.all { _ = try connection.statement(sql) }
        } catch {
            throw shapeFailure(error, at: location)
        }
        do throws(SQLiteError) {
            let totals = try connection.statement(SQL.totals)
            _ = try totals.step()
            let count = Int(clamping: totals.int64(0))
            let bytes = rowBytes(totals.int64(1))
            totals.reset()
            let state = State(connection: connection, count: count, bytes: bytes)
            return BeaconStore(location: location, state: state)
        } catch {
            throw failure(error, at: location)
        }
    }

    /// How many beacons the store holds.
    var count: Int { state.withLock { $0.count } }

    /// The bytes of the beacons the store holds, as ``StoredBeacon/bytes`` counts them.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Runs `body` with the connection under the lock; a SQLite failure becomes the store's `AdError`.
    func locked<Result: Sendable>(
        _ body: @Sendable (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(AdError) -> Result {
        let location = self.location
        return try state.withLock { state throws(AdError) -> Result in
            do throws(SQLiteError) {
                return try body(state.connection)
            } catch {
                throw Self.failure(error, at: location)
            }
        }
    }

    /// Runs `body` in one transaction with the count and bytes to update; they are kept only when it commits.
    func writing<Result: Sendable>(
        _ body: @Sendable (SQLiteConnection, inout Int, inout Int) throws(SQLiteError) -> Result
    ) throws(AdError) -> Result {
        let location = self.location
        return try state.withLock { state throws(AdError) -> Result in
            var count = state.count
            var bytes = state.bytes
            do throws(SQLiteError) {
                let connection = state.connection
                let result = try connection.transaction { () throws(SQLiteError) -> Result in
                    try body(connection, &count, &bytes)
                }
                state.count = count
                state.bytes = bytes
                return result
            } catch {
                throw Self.failure(error, at: location)
            }
        }
    }
}
