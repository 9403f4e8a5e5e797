import AdCore

extension BeaconStore {
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
