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
    struct Changes: Sendable {
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

    private enum SQL {
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

    /// Checks an open database without writing: its pages (`quick_check`), its schema version (not newer than
    /// this code's) and that a version-0 file holds no tables (someone else's database).
    ///
    /// - Returns: the schema version (0 for a new, empty database).
    static func inspect(_ connection: SQLiteConnection, at location: Location) throws(AdError) -> Int64 {
        let version: Int64
        let tables: Int64
        do throws(SQLiteError) {
            let check = try connection.text("PRAGMA quick_check") ?? "no answer"
            guard check == "ok" else {
                throw SQLiteError(code: SQLITE_CORRUPT, message: check, operation: "checking \(location)")
            }
            version = try connection.int64("PRAGMA user_version")
            tables = try connection.int64("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        } catch {
            throw failure(error, at: location)
        }
        guard version <= schemaVersion else {
            throw AdError(
                .beaconStore,
                "The beacon store \(location) has schema version \(version); this AdBridge reads version "
                    + "\(schemaVersion) and older.",
                hint: "It was written by a newer AdBridge: open it with that version, or delete the file (and its "
                    + "-wal and -shm files) to start a new store. Beacons are kept in memory meanwhile.")
        }
        guard version > 0 || tables == 0 else {
            throw foreign(location, reason: "it holds \(tables) table(s) and no beacon store version")
        }
        return version
    }

    /// The error for a statement that failed on the store's table: a write refused (a read-only file, a full
    /// disk, a lock) is the store failing; anything else means the table is not the beacon store's.
    static func shapeFailure(_ error: SQLiteError, at location: Location) -> AdError {
        if error.isAccess || error.isStorage || error.code == SQLITE_BUSY || error.code == SQLITE_LOCKED {
            return failure(error, at: location)
        }
        return foreign(location, reason: error.message, underlying: error)
    }

    private static func foreign(_ location: Location, reason: String, underlying: SQLiteError? = nil) -> AdError {
        AdError(
            .beaconStore, "The file \(location) is a SQLite database but not an AdBridge beacon store: \(reason).",
            providerCode: underlying.map { Int($0.code) },
            hint: "It is another program's database, or one changed by hand: give the queue a file of its own, or "
                + "delete this one (and its -wal and -shm files). Beacons are kept in memory until then.",
            underlying: underlying)
    }

    /// How many beacons the store holds.
    var count: Int { state.withLock { $0.count } }

    /// The bytes of the beacons the store holds, as ``StoredBeacon/bytes`` counts them.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Applies one turn's changes in one transaction, then evicts the oldest beacons not in `protected` until the
    /// store is inside `bounds`.
    ///
    /// - Returns: how many beacons were evicted.
    /// - Throws: `beaconStore` when SQLite fails (nothing of the turn is written then).
    func apply(_ changes: Changes, bounds: Bounds, protected: Set<Int64>) throws(AdError) -> Int {
        try writing { connection, count, bytes throws(SQLiteError) -> Int in
            for id in changes.deletes { bytes -= try Self.delete(id, connection, &count) }
            let retry = try connection.statement(SQL.retry)
            for item in changes.retries {
                try retry.bind(1, Int64(item.attempts))
                try retry.bind(2, item.dueAt)
                try retry.bind(3, item.id)
                try retry.run()
            }
            let insert = try connection.statement(SQL.insert)
            for item in changes.inserts {
                try insert.bind(1, item.beacon.kind.rawValue)
                try insert.bind(2, item.beacon.url)
                try insert.bind(3, item.beacon.providerID?.rawValue)
                try insert.bind(4, item.enqueuedAt)
                try insert.bind(5, item.enqueuedAt)
                try insert.bind(6, Int64(item.bytes))
                try insert.run()
                count += 1
                bytes += item.bytes
            }
            var evicted = 0
            while count > bounds.count || bytes > bounds.bytes {
                let excess = max(count - bounds.count, 1)
                let oldest = try connection.statement(SQL.oldest)
                let victims = try Self.ids(oldest, limit: excess + protected.count, excluding: protected)
                guard !victims.isEmpty else { break }
                for id in victims where count > bounds.count || bytes > bounds.bytes {
                    bytes -= try Self.delete(id, connection, &count)
                    evicted += 1
                }
            }
            return evicted
        }
    }

    /// Inserts beacons as another store held them (the same row IDs, attempts, due times and stamps), in one
    /// transaction: how a memory store takes the beacons of a file it cannot write (``BeaconStoreReader``).
    ///
    /// - Throws: `beaconStore` when SQLite fails (nothing is inserted then), for example on a row ID already here.
    func restore(_ rows: [Row]) throws(AdError) {
        try writing { connection, count, bytes throws(SQLiteError) in
            let insert = try connection.statement(SQL.restore)
            for row in rows {
                try insert.bind(1, row.beacon.id)
                try insert.bind(2, row.beacon.beacon.kind.rawValue)
                try insert.bind(3, row.beacon.beacon.url)
                try insert.bind(4, row.beacon.beacon.providerID?.rawValue)
                try insert.bind(5, row.beacon.enqueuedAt)
                try insert.bind(6, row.dueAt)
                try insert.bind(7, Int64(row.beacon.attempts))
                try insert.bind(8, Int64(row.beacon.bytes))
                try insert.run()
                count += 1
                bytes += row.beacon.bytes
            }
        }
    }

    /// Deletes up to `limit` beacons enqueued before `cutoff` that are not in `protected`.
    ///
    /// - Returns: how many were deleted.
    func expire(before cutoff: Int64, protected: Set<Int64>, limit: Int = 1000) throws(AdError) -> Int {
        try writing { connection, count, bytes throws(SQLiteError) -> Int in
            let statement = try connection.statement(SQL.expired)
            try statement.bind(1, cutoff)
            let victims = try Self.ids(statement, limit: limit + protected.count, excluding: protected)
            for id in victims.prefix(limit) { bytes -= try Self.delete(id, connection, &count) }
            return min(victims.count, limit)
        }
    }

    /// Up to `limit` beacons due at `now` (oldest due first) that are not in `excluding`.
    func due(at now: Int64, limit: Int, excluding: Set<Int64>) throws(AdError) -> [StoredBeacon] {
        try locked { connection throws(SQLiteError) -> [StoredBeacon] in
            let statement = try connection.statement(SQL.due)
            defer { statement.reset() }
            try statement.bind(1, now)
            try statement.bind(2, Int64(limit + excluding.count))
            var beacons: [StoredBeacon] = []
            while beacons.count < limit, try statement.step() {
                let id = statement.int64(0)
                guard !excluding.contains(id) else { continue }
                let beacon = Beacon(
                    kind: Beacon.Kind(rawValue: statement.text(1) ?? ""), url: statement.text(2) ?? "",
                    providerID: statement.text(3).map(ProviderID.init(rawValue:)))
                beacons.append(
                    StoredBeacon(
                        id: id, beacon: beacon, enqueuedAt: statement.int64(4),
                        attempts: Int(clamping: statement.int64(5)), bytes: Self.rowBytes(statement.int64(6))))
            }
            return beacons
        }
    }

    /// The earliest time after `now` when a beacon is due, if any.
    func nextDue(after now: Int64) throws(AdError) -> Int64? {
        try locked { connection throws(SQLiteError) -> Int64? in
            let statement = try connection.statement(SQL.next)
            defer { statement.reset() }
            try statement.bind(1, now)
            return try statement.step() ? statement.int64(0) : nil
        }
    }

    /// Makes beacons due no later than `latest` due at `now`: after the wall clock was set back, a retry time far
    /// in the future would otherwise hold them for as long as the clock moved.
    func clampDueTimes(latest: Int64, now: Int64) throws(AdError) {
        try locked { connection throws(SQLiteError) in
            try connection.execute("UPDATE beacon SET due_ms = \(now) WHERE due_ms > \(latest)")
        }
    }

    /// Runs `body` with the connection under the lock; a SQLite failure becomes the store's `AdError`.
    private func locked<Result: Sendable>(
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
    private func writing<Result: Sendable>(
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

    private static func delete(_ id: Int64, _ connection: SQLiteConnection, _ count: inout Int) throws(SQLiteError)
        -> Int
    {
        let statement = try connection.statement(SQL.delete)
        defer { statement.reset() }
        try statement.bind(1, id)
        guard try statement.step() else { return 0 }
        count -= 1
        return rowBytes(statement.int64(0))
    }

    /// A row's `bytes` as the counters take it: the file may be damaged or written by someone else, so the value
    /// is kept between 0 and 2^40 (sums of a million such rows stay far from overflow).
    static func rowBytes(_ value: Int64) -> Int { Int(min(max(value, 0), 1 << 40)) }

    /// The `AdError` for a failed SQLite call on the store at `location`, with the hint that fits the failure.
    static func failure(_ error: SQLiteError, at location: Location) -> AdError {
        let hint: String
        if error.isCorruption {
            hint =
                "The file is damaged or is not an AdBridge beacon store. Delete it (and its -wal and -shm files) "
                + "to start a new store; beacons are kept in memory until then."
        } else if error.isAccess {
            hint =
                "Give the queue a file in a folder the app can write (its Application Support or caches folder), "
                + "and check that the folder exists; beacons are kept in memory until then."
        } else if error.isStorage {
            hint =
                "Writing the file failed: the disk (or the process's file size limit) is full, or the storage "
                + "fails. Free space; beacons are kept in memory meanwhile, those already in the file wait there."
        } else {
            hint = "Check that nothing else writes this file; beacons are kept in memory until the app restarts."
        }
        return AdError(
            .beaconStore, "The beacon store \(location) failed: \(error).", providerCode: Int(error.code), hint: hint,
            underlying: error)
    }

    private static func ids(_ statement: SQLiteStatement, limit: Int, excluding: Set<Int64>) throws(SQLiteError)
        -> [Int64]
    {
        defer { statement.reset() }
        let limitIndex: Int32 = statement.parameterCount
        try statement.bind(limitIndex, Int64(limit))
        var ids: [Int64] = []
        while try statement.step() {
            let id = statement.int64(0)
            if !excluding.contains(id) { ids.append(id) }
        }
        return ids
    }
}
