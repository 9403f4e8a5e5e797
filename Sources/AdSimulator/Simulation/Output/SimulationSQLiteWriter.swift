import AdRuntime
import CSQLite3
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a simulation into a SQLite file (`adsim simulate --sqlite <file>`) so its results can be queried with
/// SQL: a `requests` table with every finished mediation request (``SimulatedRequestRecord``), streamed while the
/// simulation runs in transactions of ``batchSize`` rows through one prepared statement (memory stays flat with
/// the number of users); then the report's aggregates (`strategies`, `placements`, `providers`: the columns of
/// `--json` and `--csv`, `SimulationReportColumn`), the session `timeline` (impressions and revenue by minute per
/// variant) and one `run` row (scenario, seed, users, currency, variants, tier).
///
/// The file is created; an existing SQLite database keeps its other tables and has these replaced; an existing
/// file that is not a SQLite database is refused, and so is anything at the path that is not a regular file (a
/// folder, a FIFO, a device, a socket, a symbolic link: rule R19). Every failure is a ``SimulationSQLiteError``.
/// It talks to SQLite through the package's one wrapper (AdRuntime's `SQLiteConnection`), as the beacon store does.
///
/// ```swift
/// let writer = try SimulationSQLiteWriter(path: "run.sqlite")
/// let result = try await SimulationRunner(validated: validated, users: 100, onRequest: writer.observe).run()
/// try writer.finish(result)
/// ```
public final class SimulationSQLiteWriter {
    /// The rows of `requests` written per transaction.
    public let batchSize: Int
    /// The path written.
    public let path: String
    /// The requests written so far.
    public private(set) var requestsWritten = 0

    /// The open database; `nil` once finished or failed to set up.
    private var connection: SQLiteConnection?
    private let insertSQL: String
    private var inBatch = 0
    private var deferred: SimulationSQLiteError?
    private var finished = false

    /// The tables the writer owns (dropped and created again on every run).
    static let tables = ["run", "requests", "strategies", "placements", "providers", "timeline"]

    /// The columns of `requests`, with their SQL types, in the order they are bound.
    static let requestColumns: [(name: String, type: String)] = [
        ("variant", "TEXT"), ("user", "INTEGER"), ("session", "INTEGER"), ("placement", "TEXT"),
        ("requestKey", "INTEGER"), ("opportunity", "INTEGER"), ("attempt", "INTEGER"), ("winnerLineItem", "TEXT"),
        ("winnerProvider", "TEXT"), ("outcome", "TEXT"), ("bidPriceMicros", "INTEGER"), ("paidPriceMicros", "INTEGER"),
        ("reportedPriceMicros", "INTEGER"), ("oracleLineItem", "TEXT"), ("oraclePriceMicros", "INTEGER"),
        ("durationMs", "INTEGER"), ("timeToAdMs", "INTEGER"), ("oracleLatencyMs", "INTEGER"),
        ("startedAtMs", "INTEGER"), ("itemsAsked", "INTEGER"), ("belowFloor", "INTEGER"), ("timeouts", "INTEGER"),
        ("errors", "INTEGER"),
    ]

    /// Opens (creating) the database at `path` and creates the tables, replacing the writer's own.
    ///
    /// - Throws: `SQLITE_CANTOPEN` for a path that is not a regular file (a folder, a FIFO, a device, a socket, a
    ///   symbolic link) or cannot be created, `SQLITE_NOTADB` for an existing file that is not a SQLite database;
    ///   what SQLite refuses.
    public init(path: String, batchSize: Int = 1_000) throws(SimulationSQLiteError) {
        self.path = path
        self.batchSize = max(batchSize, 1)
        try Self.checkTarget(path)
        insertSQL = Self.insert("requests", columns: Self.requestColumns.count)
        // Not following links: a symbolic link put at the path after the check is refused too.
        let connection = try Self.attempt("opening \(path)") { () throws(SQLiteError) in
            try SQLiteConnection.open(path: path, followingLinks: false)
        }
        self.connection = connection
        do throws(SimulationSQLiteError) {
            try execute("PRAGMA synchronous = OFF", "setting up \(path)")
            var schema = "BEGIN;"
            for table in Self.tables { schema += "DROP TABLE IF EXISTS \"\(table)\";" }
            schema +=
                "CREATE TABLE run (scenario TEXT, seed INTEGER, users INTEGER, currency TEXT, variants INTEGER, tier TEXT);"
            schema += Self.create("requests", Self.requestColumns)
            let reportColumns = SimulationReportColumn.all.map { ($0.name, $0.sqlType) }
            for table in ["strategies", "placements", "providers"] { schema += Self.create(table, reportColumns) }
            schema +=
                "CREATE TABLE timeline (variant TEXT, minute INTEGER, impressions INTEGER, revenueMicros INTEGER);"
            schema += "COMMIT;"
            try execute(schema, "creating the tables in \(path)")
            _ = try statement(insertSQL, "preparing the insert into requests")
            try execute("BEGIN", "starting a transaction")
        } catch {
            self.connection = nil
            throw error
        }
    }

    /// Writes one request (committing every ``batchSize`` rows).
    ///
    /// - Throws: what SQLite refuses (the row is not written).
    public func add(_ record: SimulatedRequestRecord) throws(SimulationSQLiteError) {
        guard connection != nil, !finished else {
            throw SimulationSQLiteError(
                code: SQLITE_MISUSE, message: "the writer is finished", operation: "inserting a request",
                hint: "Add every request before finish(_:).")
        }
        let values: [SimulationReportValue] = [
            .text(record.variant), .count(record.user), .count(record.session), .text(record.placement),
            .count(record.requestKey), .count(record.requestKey >> 8), .count(record.requestKey & 0xFF),
            Self.text(record.winnerLineItem), Self.text(record.winnerProvider), .text(record.outcome),
            Self.integer(record.bidPriceMicros), Self.integer(record.paidPriceMicros),
            Self.integer(record.reportedPriceMicros),
            Self.text(record.oracleLineItem), Self.integer(record.oraclePriceMicros), .integer(record.durationMs),
            Self.integer(record.timeToAdMs), Self.integer(record.oracleLatencyMs), .integer(record.startedAtMs),
            .integer(Int64(clamping: record.itemsAsked)), .integer(Int64(clamping: record.belowFloor)),
            .integer(Int64(clamping: record.timeouts)), .integer(Int64(clamping: record.errors)),
        ]
        try run(insertSQL, values, "inserting a request")
        requestsWritten += 1
        inBatch += 1
        if inBatch >= batchSize {
            try execute("COMMIT; BEGIN", "committing a batch of requests")
            inBatch = 0
        }
    }

    /// Writes one request as ``add(_:)`` does, keeping the first failure for ``finish(_:)`` (for the runner's
    /// observer, which cannot throw); after a failure the later requests are skipped.
    public func observe(_ record: SimulatedRequestRecord) {
        guard deferred == nil else { return }
        do throws(SimulationSQLiteError) {
            try add(record)
        } catch {
            deferred = error
        }
    }

    /// Writes the aggregates of `result` and the `run` row, commits and closes the file.
    ///
    /// - Throws: the first failure of ``observe(_:)``, or what SQLite refuses now.
    public func finish(_ result: SimulationResult) throws(SimulationSQLiteError) {
        if let deferred { throw deferred }
        guard !finished else { return }
        let columns = SimulationReportColumn.all
        for table in ["strategies", "placements", "providers"] {
            _ = try statement(Self.insert(table, columns: columns.count), "preparing the insert into \(table)")
        }
        for line in SimulationReport(result: result).lines {
            let table = line.placement == nil ? "strategies" : line.provider == nil ? "placements" : "providers"
            let sql = Self.insert(table, columns: columns.count)
            try run(sql, columns.map { $0.value(line) }, "inserting a row into \(table)")
        }
        let timeline = Self.insert("timeline", columns: 4)
        _ = try statement(timeline, "preparing the insert into timeline")
        for variant in result.variants {
            let series = result.tally.timeline(variant: variant)
            for minute in 0..<series.usedBuckets {
                let values: [SimulationReportValue] = [
                    .text(variant), .integer(Int64(minute)), .count(series.impressions[minute]),
                    .integer(series.revenueMicros[minute]),
                ]
                try run(timeline, values, "inserting the timeline")
            }
        }
        let run = Self.insert("run", columns: 6)
        _ = try statement(run, "preparing the insert into run")
        let values: [SimulationReportValue] = [
            Self.text(result.name), .count(result.seed), .integer(Int64(clamping: result.users)),
            .text(result.currency), .integer(Int64(clamping: result.variants.count)),
            // The fast tier's impressions, clicks and revenue are drawn from calibrated rates: the run says which.
            .text(result.calibration == nil ? "full" : "fast"),
        ]
        try self.run(run, values, "inserting the run")
        try execute("COMMIT", "committing \(path)")
        finished = true
        connection = nil
    }

    // MARK: SQLite

    /// Refuses what is not a regular file (a FIFO, a device, a folder, a socket, a symbolic link: `lstat`, rule
    /// R19), a missing folder and an existing file that is not a SQLite database before SQLite opens it (SQLite
    /// would open a non-database file and fail only at the first statement, with a vaguer message). The header is
    /// read through a descriptor opened with `O_NOFOLLOW | O_NONBLOCK` and checked with `fstat`, so a FIFO put
    /// there meanwhile cannot block the read.
    private static func checkTarget(_ path: String) throws(SimulationSQLiteError) {
        let operation = "opening \(path)"
        switch FileEntry(at: path) {
        case .missing:
            return
        case .regularFile:
            break
        case .folder:
            throw SimulationSQLiteError(
                code: SQLITE_CANTOPEN, message: "\(path) is a folder", operation: operation,
                hint: "Give the path of a file (a new name in that folder, for example).")
        case let entry:
            throw SimulationSQLiteError(
                code: SQLITE_CANTOPEN, message: "\(path) is \(entry.description), not a regular file",
                operation: operation,
                hint: "Give the path of a SQLite database or a new name; adsim opens only regular files, never "
                    + "through a symbolic link or into a FIFO or a device.")
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SimulationSQLiteError(
                code: SQLITE_CANTOPEN, message: "cannot read \(path) (\(String(cString: strerror(errno))))",
                operation: operation, hint: "Give a path you can read and write, or remove the file.")
        }
        defer { closeDescriptor(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw SimulationSQLiteError(
                code: SQLITE_CANTOPEN, message: "\(path) is not a regular file", operation: operation,
                hint: "Give the path of a SQLite database or a new name.")
        }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == 0 || (count == 16 && header == Array("SQLite format 3\0".utf8)) else {
            throw SimulationSQLiteError(
                code: SQLITE_NOTADB, message: "the file exists and is not a SQLite database", operation: operation,
                hint: "Give a new file name, or remove the file: adsim replaces its tables only in a SQLite database.")
        }
    }

    private static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    private static func create(_ table: String, _ columns: [(name: String, type: String)]) -> String {
        "CREATE TABLE \"\(table)\" (" + columns.map { "\"\($0.name)\" \($0.type)" }.joined(separator: ", ") + ");"
    }

    private static func text(_ value: String?) -> SimulationReportValue { value.map { .text($0) } ?? .null }
    private static func integer(_ value: Int64?) -> SimulationReportValue { value.map { .integer($0) } ?? .null }

    /// `INSERT INTO "table" VALUES (?, ?, ...)` with `columns` parameters.
    private static func insert(_ table: String, columns: Int) -> String {
        "INSERT INTO \"\(table)\" VALUES (" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
    }

    /// Runs `body`, reporting its SQLite failure as the writer's error for `operation` (SQLite's code and message,
    /// the writer's words for what it was doing, a hint for the code).
    private static func attempt<Result>(
        _ operation: String, _ body: () throws(SQLiteError) -> Result
    ) throws(SimulationSQLiteError) -> Result {
        do {
            return try body()
        } catch {
            throw SimulationSQLiteError(code: error.code, message: error.message, operation: operation)
        }
    }

    private func liveConnection(_ operation: String) throws(SimulationSQLiteError) -> SQLiteConnection {
        guard let connection else {
            throw SimulationSQLiteError(
                code: SQLITE_MISUSE, message: "the writer is closed", operation: operation,
                hint: "Make a new writer: this one finished or failed.")
        }
        return connection
    }

    private func execute(_ sql: String, _ operation: String) throws(SimulationSQLiteError) {
        let connection = try liveConnection(operation)
        try Self.attempt(operation) { () throws(SQLiteError) in try connection.execute(sql) }
    }

    /// The connection's prepared statement for `sql` (prepared once, then reused).
    private func statement(_ sql: String, _ operation: String) throws(SimulationSQLiteError) -> SQLiteStatement {
        let connection = try liveConnection(operation)
        return try Self.attempt(operation) { () throws(SQLiteError) in try connection.statement(sql) }
    }

    /// Binds `values` to the statement of `sql` and runs it.
    private func run(
        _ sql: String, _ values: [SimulationReportValue], _ operation: String
    ) throws(SimulationSQLiteError) {
        let statement = try statement(sql, operation)
        try Self.attempt(operation) { () throws(SQLiteError) in
            defer { statement.reset() }
            for (offset, value) in values.enumerated() {
                let index = Int32(clamping: offset + 1)
                switch value {
                case .null: try statement.bind(index, nil as String?)
                case .integer(let number): try statement.bind(index, number)
                case .count(let number): try statement.bind(index, Int64(clamping: number))
                case .fraction(let number): try statement.bind(index, number)
                case .text(let text): try statement.bind(index, text)
                }
            }
            try statement.run()
        }
    }
}
