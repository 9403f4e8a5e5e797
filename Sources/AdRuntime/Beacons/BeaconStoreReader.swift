import AdCore
import CSQLite3

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a beacon store file that cannot be written (a read-only file, folder or volume) without writing anything,
/// and copies its pending beacons into a new memory store, so a ``BeaconQueue`` delivers them instead of stranding
/// them (rule R12). The file is never changed: its beacons stay in it, and a later launch that can write it sends
/// them again (at least once).
///
/// The file is opened with `SQLITE_OPEN_READONLY | SQLITE_OPEN_URI`: first `file:<path>?mode=ro`, which reads the
/// WAL as well when the `-shm` file beside it can be opened (or created); when it cannot (SQLite then answers
/// `SQLITE_READONLY` or `SQLITE_CANTOPEN` at the first read), `file:<path>?immutable=1`, which reads the main file
/// only, without locks. A `-wal` file that holds changes is never ignored that way: without a usable `-shm` file
/// its beacons cannot be read, and nothing is copied. Whichever way it is opened, the file is checked as
/// ``BeaconStore`` checks it (pages, schema version, tables): a damaged or foreign store is never read.
struct BeaconStoreReader {
    /// What ``copy(bounds:expiredBefore:)`` took from the file.
    struct Copy: Sendable {
        /// The memory store holding the copied beacons.
        var store: BeaconStore
        /// The beacons copied, each row as the file holds it (ID, kind, URL, provider, attempts, due time, stamps).
        var copied: Int
        /// The beacons not copied because they were enqueued before the cutoff (older than `maxAge`).
        var expired: Int
        /// The oldest beacons not copied because the bounds were full.
        var evicted: Int
    }

    private enum SQL {
        static let expired = "SELECT count(*) FROM beacon WHERE enqueued_ms < ?"
        static let rows = """
            SELECT id, kind, url, provider, enqueued_ms, due_ms, attempts, bytes FROM beacon
            WHERE enqueued_ms >= ? ORDER BY id DESC
            """
    }

    /// The store file.
    let path: String

    private var location: BeaconStore.Location { .file(path) }

    /// Whether `error`, thrown by ``BeaconStore/open(path:)``, says only that the file or its folder cannot be
    /// opened or written (so reading it read-only may work), not that it is damaged, foreign or newer.
    static func mayRead(after error: AdError) -> Bool {
        (error.underlying as? SQLiteError)?.isAccess == true
    }

    /// Reads the file read-only and copies its pending beacons into a new memory store: those enqueued at or after
    /// `cutoff`, the newest first until `bounds` are full (the oldest are left out, as the store evicts them).
    ///
    /// - Throws: `beaconStore` when the file cannot be read (``mayRead(after:)`` is then `true` of the error), or
    ///   is damaged, not a beacon store, or written by a newer AdBridge (then it is `false`).
    func copy(bounds: BeaconStore.Bounds, expiredBefore cutoff: Int64) throws(AdError) -> Copy {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let error = SQLiteError(
                code: SQLITE_CANTOPEN, message: "there is no regular file to read", operation: "reading \(path)")
            throw BeaconStore.failure(error, at: location)
        }
        let (connection, version) = try connect()
        let store = try BeaconStore.memory()
        guard version > 0 else {
            // A new, empty database (no tables): nothing to copy.
            return Copy(store: store, copied: 0, expired: 0, evicted: 0)
        }
        let expiredCount: SQLiteStatement
        let rowsStatement: SQLiteStatement
        do throws(SQLiteError) {
            expiredCount = try connection.statement(SQL.expired)
            rowsStatement = try connection.statement(SQL.rows)
        } catch {
            throw BeaconStore.shapeFailure(error, at: location)
        }
        var rows: [BeaconStore.Row] = []
        var expired = 0
        var evicted = 0
        do throws(SQLiteError) {
            try expiredCount.bind(1, cutoff)
            expired = try expiredCount.step() ? Int(clamping: expiredCount.int64(0)) : 0
            expiredCount.reset()
            try rowsStatement.bind(1, cutoff)
            defer { rowsStatement.reset() }
            var bytes = 0
            var full = false
            while try rowsStatement.step() {
                let row = Self.row(rowsStatement)
                full = full || rows.count >= bounds.count || bytes + row.beacon.bytes > bounds.bytes
                if full {
                    evicted += 1
                } else {
                    rows.append(row)
                    bytes += row.beacon.bytes
                }
            }
        } catch {
            throw BeaconStore.failure(error, at: location)
        }
        try store.restore(rows.reversed())
        return Copy(store: store, copied: rows.count, expired: expired, evicted: evicted)
    }

    /// The error a queue reports after copying: the file cannot be written (SQLite's code from `original`), its
    /// beacons are delivered from memory and stay in the file.
    func statement(after original: AdError, copy: Copy) -> AdError {
        AdError(
            .beaconStore,
            "The beacon store \(path) cannot be written (a read-only file, folder or volume): its \(copy.copied) "
                + "pending beacon(s) were copied to memory and are delivered from there; they also stay in the file.",
            providerCode: original.providerCode ?? Int(SQLITE_READONLY),
            hint: "Give the queue a file the app can write (in its Application Support or caches folder). The file "
                + "is not changed: a later launch that can write it sends its beacons again (at least once, so a "
                + "tracking server may receive them twice). New beacons are kept in memory until then.",
            underlying: original.underlying)
    }

    /// The file open read-only and checked, and its schema version.
    private func connect() throws(AdError) -> (SQLiteConnection, Int64) {
        do throws(AdError) {
            let connection = try open("mode=ro")
            return (connection, try BeaconStore.inspect(connection, at: location))
        } catch {
            guard Self.mayRead(after: error) else { throw error }
            // The -shm file can be neither opened nor created: only `immutable=1` reads the file, and it reads the
            // main file alone, so a -wal file with changes in it would be silently left out.
            var wal = stat()
            if stat(path + "-wal", &wal) == 0, wal.st_size > 0 {
                let cause = SQLiteError(
                    code: SQLITE_CANTOPEN,
                    message: "its -wal file holds changes that SQLite reads only through a -shm file, which can be "
                        + "neither opened nor created", operation: "reading \(path) read-only")
                throw BeaconStore.failure(cause, at: location)
            }
            let connection = try open("immutable=1")
            return (connection, try BeaconStore.inspect(connection, at: location))
        }
    }

    private func open(_ query: String) throws(AdError) -> SQLiteConnection {
        do throws(SQLiteError) {
            return try SQLiteConnection.openReadOnly(uri: SQLiteConnection.uri(path: path, query: query))
        } catch {
            throw BeaconStore.failure(error, at: location)
        }
    }

    /// The row `statement` is on (NULL text as empty, as ``BeaconStore`` reads it).
    private static func row(_ statement: SQLiteStatement) -> BeaconStore.Row {
        let beacon = Beacon(
            kind: Beacon.Kind(rawValue: statement.text(1) ?? ""), url: statement.text(2) ?? "",
            providerID: statement.text(3).map(ProviderID.init(rawValue:)))
        let stored = StoredBeacon(
            id: statement.int64(0), beacon: beacon, enqueuedAt: statement.int64(4),
            attempts: Int(clamping: statement.int64(6)), bytes: BeaconStore.rowBytes(statement.int64(7)))
        return BeaconStore.Row(beacon: stored, dueAt: statement.int64(5))
    }
}
