import AdSimulator
import CSQLite3
import Foundation
import Testing

@testable import adsim

/// `--sqlite`: the requests streamed in batches, the aggregates with the report's columns, the timeline and the
/// run, read back through the SQLite C API; a file that is not a database is refused, a re-run replaces the tables.
@Suite struct SimulationSQLiteWriterTests {
    /// A read-only connection for the checks.
    final class Reader {
        let handle: OpaquePointer

        init(_ path: String) throws {
            var pointer: OpaquePointer?
            guard sqlite3_open_v2(path, &pointer, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let pointer else {
                throw CocoaError(.fileReadCorruptFile)
            }
            handle = pointer
        }

        deinit { sqlite3_close_v2(handle) }

        /// The first column of the first row of `sql`, as an integer (nil for NULL or no row).
        func integer(_ sql: String) throws -> Int64? {
            try row(sql).first.flatMap { $0 }.flatMap { Int64($0) }
        }

        /// The first row of `sql`, every column as text (nil for NULL); empty without a row.
        func row(_ sql: String) throws -> [String?] {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw CocoaError(
                    .fileReadUnknown, userInfo: ["sql": sql, "error": String(cString: sqlite3_errmsg(handle))])
            }
            defer { sqlite3_finalize(statement) }
            guard sqlite3_step(statement) == SQLITE_ROW else { return [] }
            return (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            }
        }
    }

    @Test("A fast-tier run's database says so in its run row: tier fast")
    func fastTierRunIsMarked() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "fast.sqlite").path
        let tiny = ScenarioFixtures.folder.appending(path: "tiny.json").path
        let output = CommandOutput.buffered()
        let status = await ADSim().run(
            ["simulate", tiny, "--users", "2", "--tier", "fast", "--jobs", "1", "--sqlite", path], output: output)
        #expect(status == .success, "\(output.standardError)")
        #expect(try Reader(path).row("SELECT tier FROM run") == ["fast"])
    }

    @Test("Every request is a row; the sums of the requests give the aggregate rows; the run and timeline are there")
    @MainActor func writesRequestsAndAggregates() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "run.sqlite").path
        let writer = try SimulationSQLiteWriter(path: path, batchSize: 7)
        var records: [SimulatedRequestRecord] = []
        let result = try await SimulationRuns.run { record in
            records.append(record)
            writer.observe(record)
        }
        try writer.finish(result)
        #expect(writer.requestsWritten == records.count)

        let database = try Reader(path)
        #expect(try database.integer("SELECT count(*) FROM requests") == Int64(records.count))
        for variant in result.variants {
            let row = result.tally.row(variant: variant)
            let quoted = "'\(variant)'"
            #expect(
                try database.integer("SELECT count(*) FROM requests WHERE variant = \(quoted)") == Int64(row.requests))
            #expect(
                try database.integer("SELECT requests FROM strategies WHERE variant = \(quoted)")
                    == database.integer("SELECT count(*) FROM requests WHERE variant = \(quoted)"))
            #expect(
                try database.integer("SELECT fills FROM strategies WHERE variant = \(quoted)")
                    == database.integer("SELECT sum(outcome = 'filled') FROM requests WHERE variant = \(quoted)"))
            #expect(
                try database.integer("SELECT sum(bidPriceMicros) FROM requests WHERE variant = \(quoted)")
                    == row.bidPriceMicros)
            #expect(
                try database.integer("SELECT sum(paidPriceMicros) FROM requests WHERE variant = \(quoted)")
                    == row.paidPriceMicros)
            #expect(
                try database.integer("SELECT sum(belowFloor) FROM requests WHERE variant = \(quoted)")
                    == Int64(row.belowFloor))
            #expect(
                try database.integer("SELECT sum(oraclePriceMicros) FROM requests WHERE variant = \(quoted)")
                    == row.oraclePriceMicros)
            #expect(
                try database.integer("SELECT sum(impressions) FROM timeline WHERE variant = \(quoted)")
                    == Int64(row.impressions))
            #expect(
                try database.integer("SELECT timeToAdMs_p95 FROM strategies WHERE variant = \(quoted)")
                    == row.timeToAd.percentile(0.95).map { Int64($0) })
            for placement in result.placements {
                #expect(
                    try database.integer(
                        "SELECT requests FROM placements WHERE variant = \(quoted) AND placement = '\(placement)'")
                        == database.integer(
                            "SELECT count(*) FROM requests WHERE variant = \(quoted) AND placement = '\(placement)'"))
            }
        }
        #expect(try database.integer("SELECT count(*) FROM providers") == 4)
        let run = try database.row("SELECT scenario, seed, users, currency, variants, tier FROM run")
        #expect(run == [result.name, "11", "3", "USD", "2", "full"])
        let first = try #require(records.first)
        let stored = try database.row(
            "SELECT variant, user, session, placement, requestKey, outcome FROM requests ORDER BY rowid LIMIT 1")
        #expect(stored == [first.variant, "0", "0", first.placement, String(first.requestKey), first.outcome])
    }

    @Test("Without an observer the run counts the same; the records add up to the tally")
    @MainActor func recordsMatchTheTally() async throws {
        var records: [SimulatedRequestRecord] = []
        let observed = try await SimulationRuns.run { records.append($0) }
        let plain = try await SimulationRuns.run()
        #expect(observed == plain)
        for variant in plain.variants {
            let row = plain.tally.row(variant: variant)
            let mine = records.filter { $0.variant == variant }
            #expect(UInt64(mine.count) == row.requests)
            #expect(UInt64(mine.count { $0.winnerLineItem != nil }) == row.fills)
            #expect(mine.allSatisfy { ($0.winnerLineItem == nil) == ($0.timeToAdMs == nil) })
            #expect(mine.allSatisfy { $0.winnerLineItem == nil || $0.winnerProvider != nil })
            #expect(Set(mine.map(\.user)) == [0, 1, 2])
            // Tiny: one session of 20 s per user (a full-screen ad opened in it plays 30 s, then its placement
            // loads again, with retries): requests start from the preloads at 0 to under a minute.
            #expect(mine.allSatisfy { $0.session == 0 && $0.startedAtMs < 60_000 })
            #expect(mine.contains { $0.startedAtMs == 0 } && mine.contains { $0.startedAtMs > 1_000 })
        }
    }

    @Test("A file that is not a SQLite database, a folder and a missing folder are refused with a hint")
    func refusesBadTargets() throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appending(path: "notes.txt")
        try Data("not a database\n".utf8).write(to: text)
        #expect {
            _ = try SimulationSQLiteWriter(path: text.path)
        } throws: { error in
            let error = error as? SimulationSQLiteError
            return error?.code == SQLITE_NOTADB && error?.description.contains("not a SQLite database") == true
                && error?.hint.isEmpty == false
        }
        #expect(try Data(contentsOf: text) == Data("not a database\n".utf8))
        #expect {
            _ = try SimulationSQLiteWriter(path: folder.path)
        } throws: { error in
            (error as? SimulationSQLiteError)?.code == SQLITE_CANTOPEN
                && (error as? SimulationSQLiteError)?.message.contains("folder") == true
        }
        #expect {
            _ = try SimulationSQLiteWriter(path: folder.appending(path: "missing/run.sqlite").path)
        } throws: { error in
            (error as? SimulationSQLiteError)?.code == SQLITE_CANTOPEN
                && (error as? SimulationSQLiteError)?.operation.contains("missing/run.sqlite") == true
        }
    }

    @Test("A second run into the same database replaces the writer's tables and keeps the others")
    @MainActor func rerunReplacesTables() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "run.sqlite").path
        let result = try await SimulationRuns.run(users: 1)
        var count = 0
        for _ in 0..<2 {
            let writer = try SimulationSQLiteWriter(path: path)
            count = 0
            _ = try await SimulationRuns.run(users: 1) { record in
                count += 1
                writer.observe(record)
            }
            try writer.finish(result)
            var handle: OpaquePointer?
            #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
            #expect(sqlite3_exec(handle, "CREATE TABLE IF NOT EXISTS notes (text TEXT)", nil, nil, nil) == SQLITE_OK)
            sqlite3_close_v2(handle)
        }
        let database = try Reader(path)
        #expect(try database.integer("SELECT count(*) FROM requests") == Int64(count))
        #expect(try database.integer("SELECT count(*) FROM run") == 1)
        #expect(try database.integer("SELECT count(*) FROM sqlite_master WHERE name = 'notes'") == 1)
    }

    @Test("Adding after finish is a typed misuse error")
    @MainActor func addAfterFinish() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "run.sqlite").path
        let writer = try SimulationSQLiteWriter(path: path)
        let result = try await SimulationRuns.run(users: 1)
        try writer.finish(result)
        let record = SimulatedRequestRecord(
            variant: "v", user: 0, session: 0, placement: "p", requestKey: 0, winnerLineItem: nil,
            winnerProvider: nil, outcome: "noFill", bidPriceMicros: nil, paidPriceMicros: nil,
            reportedPriceMicros: nil, oracleLineItem: nil, oraclePriceMicros: nil, durationMs: 1, timeToAdMs: nil,
            oracleLatencyMs: nil, startedAtMs: 0, itemsAsked: 1, belowFloor: 0, timeouts: 0, errors: 0)
        #expect(throws: SimulationSQLiteError.self) { try writer.add(record) }
    }
}
