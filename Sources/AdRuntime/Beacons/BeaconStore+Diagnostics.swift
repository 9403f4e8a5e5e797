import AdCore
import CSQLite3

extension BeaconStore {
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
}
