import Foundation
import Testing

@testable import AdSimulator
@testable import adsim

/// The figures of issue 35 (Docs/Simulation.md, "Figures"), each on a hand-computable market: the price paid under
/// second price (not the bid), the show rate against the ads used (refills unused counted apart), a bid under the
/// floor counted as asked with its own count, and the oracle's revenue with "n/a" for a yield it cannot have.
@MainActor
@Suite struct SimulationFiguresTests {
    /// A rewarded placement behind one button, two Google bidders (Google reports its price, so both can bid), with
    /// every latency 100 ms, and users who tap the button `opens` times in a 300-second session.
    ///
    /// The market of issue 35: `high` bids 10000 micros ($10 eCPM) and fills half the time; `low` bids 5000 ($5)
    /// and always fills; second price, floor 1000 ($1). Worked by hand, per request:
    /// - `low` always bids, so every request fills (no retries): fills = requests.
    /// - Half the time both bid: `high` wins and pays the next bid, 5000. Half the time only `low` bids: it wins and
    ///   pays its floor, 1000 (`min(bid, max(second ?? floor, floor))`). Paid: 0.5 · 5000 + 0.5 · 1000 = 3000 a
    ///   request, $3.00 eCPM.
    /// - The winners' bids: 0.5 · 10000 + 0.5 · 5000 = 7500; the oracle takes the highest filling price on the same
    ///   draws, the same 7500.
    /// - Yield = paid / oracle = 3000 / 7500 = 40 %; the bids over the oracle read 100 %, what the report printed
    ///   before.
    /// With `k` of `n` requests drawing `high`'s fill, exactly: paid = 5000·k + 1000·(n − k), bid = oracle =
    /// 10000·k + 5000·(n − k).
    static func secondPriceMarket(opens: Int = 4, users: Int = 100) throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            Data(
                """
                { "version": 1, "seed": 35,
                  "market": {
                    "defaults": [{ "provider": "google", "fillRate": 1, "latencyMs": 100,
                                   "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }],
                    "lineItems": [{ "lineItem": "high", "fillRate": 0.5, "priceMicros": 10000 },
                                  { "lineItem": "low", "priceMicros": 5000 }] },
                  "app": {
                    "mediation": { "placements": [{
                      "id": "rewarded", "format": "rewarded", "strategy": "bidding", "floorMicros": 1000,
                      "auction": { "deadlineSeconds": 1, "pricing": "secondPrice" },
                      "lineItems": [
                        { "id": "high", "provider": "google", "adUnit": "sim/high", "mode": "bidder" },
                        { "id": "low", "provider": "google", "adUnit": "sim/low", "mode": "bidder" }] }] },
                    "screens": [{ "id": "home", "buttons": [{ "placement": "rewarded" }] }] },
                  "users": { "count": \(users), "sessionSeconds": 300, "fullScreenOpensPerSession": \(opens) },
                  "strategies": [{ "name": "second-price", "kind": "configured" }] }
                """.utf8))
    }

    @Test("Second price: revenue and yield at the price paid (40 % of the oracle), the bid price beside it")
    func secondPriceYieldUsesThePricePaid() async throws {
        var records: [SimulatedRequestRecord] = []
        let result = try await SimulationRunner(
            validated: try Self.secondPriceMarket(), providers: .builtIn, onRequest: { records.append($0) }
        ).run()
        let row = result.tally.row(variant: "second-price", placement: "rewarded")
        let requests = Int64(row.requests)
        #expect(requests == 500)  // 100 users: a preload, then a refill after each of 4 opens
        #expect(row.fills == row.requests)
        // k: the requests where `high` filled, read from the oracle (it fills at 10000 only then).
        let both = Int64(records.count { $0.oraclePriceMicros == 10_000 })
        #expect(records.count == 500)
        #expect(records.allSatisfy { $0.oraclePriceMicros == 10_000 || $0.oraclePriceMicros == 5_000 })
        #expect(row.paidPriceMicros == 5_000 * both + 1_000 * (requests - both))
        #expect(row.bidPriceMicros == 10_000 * both + 5_000 * (requests - both))
        #expect(row.oraclePriceMicros == row.bidPriceMicros)
        // Each request: `high` pays `low`'s bid, or `low` pays the floor.
        for record in records {
            #expect(record.paidPriceMicros == (record.bidPriceMicros == 10_000 ? 5_000 : 1_000))
            #expect(record.reportedPriceMicros == record.paidPriceMicros)
        }
        // Half the requests draw `high`'s fill, within sampling error (sd 0.022 at n = 500), so 3000 a request and
        // 40 % of the oracle.
        let share = Double(both) / Double(requests)
        #expect(abs(share - 0.5) < 0.09)
        let paidPerRequest = Double(row.paidPriceMicros) / Double(requests)
        #expect(abs(paidPerRequest - 3_000) < 4_000 * 0.09)
        let yield = try #require(row.yield)
        #expect(abs(yield - 0.4) < 0.03)
        #expect(yield == Double(row.paidPriceMicros) / Double(row.oraclePriceMicros))
        // Revenue is the impressions' (every used ad is presented and counts), at the same prices paid.
        #expect(row.revenueMicros > 0 && row.revenueMicros < row.paidPriceMicros)
        // Every output carries the three prices and the yield at the price paid.
        let report = SimulationReport(result: result)
        let json = try #require(report.jsonLines.split(separator: "\n").first)
        #expect(json.contains("\"bidPriceMicros\":\(row.bidPriceMicros),"))
        #expect(json.contains("\"paidPriceMicros\":\(row.paidPriceMicros),"))
        #expect(json.contains("\"oracleRevenueMicros\":\(row.oraclePriceMicros),"))
        #expect(json.contains("\"yield\":\(SimulationReport.fixed(yield, 6)),"))
        #expect(report.table.contains(SimulationReport.fixed(yield * 100, 1)))
    }

    @Test("Show rate: impressions per ad used; the refill after the last use is counted as unused")
    func showRateIsPerAdUsed() async throws {
        // Each user: a preload, then 4 taps, each presenting the ready ad (used and shown) and loading the next:
        // 5 fills, 4 used, 4 impressions, 1 unused refill. Per fill the show rate read 4/5 = 80 %; per ad used it
        // is 100 %.
        let result = try await SimulationRunner(validated: try Self.secondPriceMarket(users: 20), providers: .builtIn)
            .run()
        let row = result.tally.row(variant: "second-price", placement: "rewarded")
        #expect(row.fills == 100)
        #expect(row.used == 80)
        #expect(row.impressions == 80)
        #expect(row.unused == 20)
        #expect(row.showRate == 1)
        let provider = result.tally.row(variant: "second-price", placement: "rewarded", provider: "google")
        #expect(provider.used == 80)
        #expect(provider.showRate == 1)
        let line = try #require(SimulationReport(result: result).jsonLines.split(separator: "\n").first)
        #expect(line.contains("\"used\":80,\"unused\":20,\"impressions\":80,\"showRate\":1.000000,"))
    }

    /// The second-price market with `low` bidding 500, under the floor, and a waterfall item `cheap` configured at
    /// 500, also under it: a hybrid. Per request: `high` and `low` are asked; `low` answers under the floor (asked,
    /// below floor, not a fill); `cheap` is skipped by its configured price (not asked). When `high` fills it wins
    /// (at the floor: no other bid); otherwise the request ends without an ad because of the floor.
    static func belowFloorMarket(users: Int = 20) throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            Data(
                """
                { "version": 1, "seed": 36,
                  "market": {
                    "defaults": [{ "provider": "google", "fillRate": 1, "latencyMs": 100,
                                   "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }],
                    "lineItems": [{ "lineItem": "high", "fillRate": 0.5, "priceMicros": 10000 },
                                  { "lineItem": "low", "priceMicros": 500 }] },
                  "app": {
                    "mediation": { "placements": [{
                      "id": "rewarded", "format": "rewarded", "strategy": "hybrid", "floorMicros": 1000,
                      "auction": { "deadlineSeconds": 1, "pricing": "secondPrice" },
                      "lineItems": [
                        { "id": "high", "provider": "google", "adUnit": "sim/high", "mode": "bidder" },
                        { "id": "low", "provider": "google", "adUnit": "sim/low", "mode": "bidder" },
                        { "id": "cheap", "provider": "google", "adUnit": "sim/cheap", "mode": "waterfall",
                          "priceMicros": 500 }] }] },
                    "screens": [{ "id": "home", "buttons": [{ "placement": "rewarded" }] }] },
                  "users": { "count": \(users), "sessionSeconds": 300, "fullScreenOpensPerSession": 2 },
                  "strategies": [{ "name": "hybrid", "kind": "configured" }] }
                """.utf8))
    }

    @Test("Below floor: a bid under the floor is asked and counted apart; a waterfall item skipped by price is not")
    func belowFloorIsAskedAndCountedApart() async throws {
        let folder = try SimulationRuns.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "below.sqlite").path
        let writer = try SimulationSQLiteWriter(path: path)
        var records: [SimulatedRequestRecord] = []
        let result = try await SimulationRunner(
            validated: try Self.belowFloorMarket(), providers: .builtIn,
            onRequest: { record in
                records.append(record)
                writer.observe(record)
            }
        ).run()
        try writer.finish(result)
        let row = result.tally.row(variant: "hybrid", placement: "rewarded")
        let google = result.tally.row(variant: "hybrid", placement: "rewarded", provider: "google")
        #expect(row.requests > 0)
        #expect(row.fills > 0 && row.fills < row.requests)
        // Every request asks `high` and `low` (2 line items), never `cheap`; `low` is below the floor every time.
        #expect(google.requests == 2 * row.requests)
        #expect(google.belowFloor == row.requests)
        #expect(row.belowFloor == row.requests)
        #expect(google.fills == row.fills)  // `high`'s fills only: a bid under the floor is not a fill
        for record in records {
            #expect(record.itemsAsked == 2)
            #expect(record.belowFloor == 1)
            #expect(record.outcome == (record.winnerLineItem == nil ? "belowFloor" : "filled"))
            // `high` alone cleared the floor: it pays the floor.
            #expect(record.paidPriceMicros == (record.winnerLineItem == nil ? nil : 1_000))
        }
        let database = try SimulationSQLiteWriterTests.Reader(path)
        #expect(
            try database.integer("SELECT count(*) FROM requests WHERE outcome = 'belowFloor'")
                == Int64(row.requests - row.fills))
        #expect(try database.integer("SELECT count(*) FROM requests WHERE outcome = 'noFill'") == 0)
        #expect(try database.integer("SELECT sum(belowFloor) FROM requests") == Int64(row.requests))
        #expect(
            try database.integer("SELECT belowFloor FROM providers WHERE provider = 'google'")
                == Int64(google.belowFloor))
        #expect(
            try database.integer("SELECT requests FROM providers WHERE provider = 'google'")
                == Int64(google.requests))
    }

    /// A tally of one strategy with two placements: `a`, 4 requests of which 2 filled, paid 3000 against the
    /// oracle's 7500 (yield 40 %); `b`, 3 requests where no line item would have filled (the oracle earns 0).
    static func oracleResult() -> SimulationResult {
        var tally = SimulationTally()
        tally.update(SimulationTally.Key(variant: "v", placement: "a", provider: "")) { row in
            row.requests = 4
            row.fills = 2
            row.bidPriceMicros = 7_500
            row.paidPriceMicros = 3_000
            row.oraclePriceMicros = 7_500
        }
        tally.update(SimulationTally.Key(variant: "v", placement: "b", provider: "")) { $0.requests = 3 }
        tally.update(SimulationTally.Key(variant: "v", placement: "b", provider: "x")) { $0.requests = 3 }
        return SimulationResult(
            name: "oracle", seed: 1, users: 1, variants: ["v"], placements: ["a", "b"], currency: "USD", tally: tally)
    }

    /// The cell of the table's column `name` in `row`: the columns after the third are right-aligned, so the cell
    /// ends where the header's name ends.
    static func cell(_ name: String, in row: String, header: String) -> String? {
        let characters = Array(header)
        let word = Array(name)
        for start in characters.indices where characters[start...].starts(with: word) {
            let end = start + word.count
            guard start == 0 || characters[start - 1] == " ", end == characters.count || characters[end] == " "
            else { continue }
            return Array(row).prefix(end).split(separator: " ").last.map { String($0) }
        }
        return nil
    }

    @Test("The oracle's revenue is printed per strategy and placement; without it the yield is n/a, never 0.0 %")
    func oracleRevenueAndNoYield() throws {
        let result = Self.oracleResult()
        #expect(result.tally.row(variant: "v", placement: "b").yield == nil)
        #expect(result.tally.row(variant: "v").yield == 0.4)  // the total: 3000 / 7500
        let report = SimulationReport(result: result)
        let table = report.table.split(separator: "\n").map(String.init)
        let column = { (name: String, row: Int) -> String? in Self.cell(name, in: table[row], header: table[1]) }
        // Rows: header, rule, total (3), a (4), b (5); b's provider row (6) holds no prices.
        #expect(column("oracle", 3) == "$0.0075" && column("yield%", 3) == "40.0")
        #expect(column("paid", 4) == "$0.0030" && column("bid", 4) == "$0.0075" && column("oracle", 4) == "$0.0075")
        #expect(column("oracle", 5) == "$0.0000" && column("yield%", 5) == "n/a")
        #expect(table.last == SimulationReport.noYieldNote)
        let json = report.jsonLines.split(separator: "\n").map(String.init)
        #expect(json[2].contains("\"oracleRevenueMicros\":0,\"yield\":null,"))
        #expect(json[3].contains("\"bidPriceMicros\":null,\"paidPriceMicros\":null,\"oracleRevenueMicros\":null,"))
        let csv = SimulationCSVTests.parse(report.csv)
        let yieldColumn = try #require(csv[0].firstIndex(of: "yield"))
        #expect(csv[1][yieldColumn] == "0.400000")
        #expect(csv[3][yieldColumn].isEmpty)
        // Without any n/a, no note.
        var one = result
        one.placements = ["a"]
        #expect(!SimulationReport(result: one).table.contains(SimulationReport.noYieldNote))
    }
}
