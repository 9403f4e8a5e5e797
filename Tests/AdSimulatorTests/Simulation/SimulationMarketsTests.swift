import AdCore
import AdMediation
import AdSimulator
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// Issue 35, section 2, in the engine, each on a hand-computable market: an explicit order, a sweep of one line
/// item's timeout, a reach model, and user segments whose floor is right for one and wrong for the other. Every
/// figure checked is one a user reads in the report (paid, requests, fills, ads used, revenue).
@MainActor
@Suite struct SimulationMarketsTests {
    /// A rewarded waterfall behind one button, users who tap it 4 times in a 300-second session (a preload, then a
    /// refill after each tap: 5 requests per user when every request fills), Google items answering in 100 ms.
    static func rewardedWaterfall(items: String, market: String, strategies: String, users: Int) throws
        -> ValidatedScenario
    {
        try ScenarioFixtures.load(
            Data(
                """
                { "version": 1, "seed": 41,
                  "market": {
                    "defaults": [{ "provider": "google", "fillRate": 1, "latencyMs": 100,
                                   "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }],
                    "lineItems": \(market) },
                  "app": {
                    "mediation": { "placements": [{
                      "id": "rewarded", "format": "rewarded", "strategy": "waterfall", "retry": { "maxAttempts": 0 },
                      "lineItems": \(items) }] },
                    "screens": [{ "id": "home", "buttons": [{ "placement": "rewarded" }] }] },
                  "users": { "count": \(users), "sessionSeconds": 300, "fullScreenOpensPerSession": 4 },
                  "strategies": \(strategies) }
                """.utf8))
    }

    @Test("An explicit order that puts a cheap, always-filling item first earns exactly its price per request")
    func cheapFirstEarnsItsPrice() async throws {
        // expensive: $10, fills half the time; cheap: $2, always fills. By price the waterfall asks expensive first
        // and earns 10000·k + 2000·(n − k); cheap first, every request fills at cheap's 2000.
        let validated = try Self.rewardedWaterfall(
            items: """
                [{ "id": "expensive", "provider": "google", "adUnit": "u-x", "mode": "waterfall", "priceMicros": 10000 },
                 { "id": "cheap", "provider": "google", "adUnit": "u-c", "mode": "waterfall", "priceMicros": 2000 }]
                """,
            market:
                #"[{ "lineItem": "expensive", "fillRate": 0.5, "priceMicros": 10000 }, { "lineItem": "cheap", "priceMicros": 2000 }]"#,
            strategies: """
                [{ "name": "by-price", "kind": "configured" },
                 { "name": "cheap-first", "kind": "configured", "order": { "rewarded": ["cheap", "expensive"] } }]
                """,
            users: 20)
        var records: [SimulatedRequestRecord] = []
        let result = try await SimulationRunner(
            validated: validated, providers: .builtIn, onRequest: { records.append($0) }
        ).run()
        let cheapFirst = result.tally.row(variant: "cheap-first", placement: "rewarded")
        #expect(cheapFirst.requests == 100)
        #expect(cheapFirst.fills == 100)
        #expect(cheapFirst.paidPriceMicros == 2_000 * 100)
        #expect(cheapFirst.used == 80)
        #expect(cheapFirst.revenueMicros == 2_000 * 80)
        #expect(records.filter { $0.variant == "cheap-first" }.allSatisfy { $0.winnerLineItem == "cheap" })
        // The provider row: only cheap was asked, once per request.
        #expect(result.tally.row(variant: "cheap-first", placement: "rewarded", provider: "google").requests == 100)

        let byPrice = result.tally.row(variant: "by-price", placement: "rewarded")
        let expensive = Int64(records.count { $0.variant == "by-price" && $0.winnerLineItem == "expensive" })
        #expect(byPrice.requests == 100)
        #expect(byPrice.paidPriceMicros == 10_000 * expensive + 2_000 * (100 - expensive))
        #expect(abs(Double(expensive) / 100 - 0.5) < 0.15)
        #expect(byPrice.paidPriceMicros > cheapFirst.paidPriceMicros)
    }

    @Test("A sweep of one line item's timeout: under its latency it times out and the next item wins, above it wins")
    func oneLineItemTimeoutSweep() async throws {
        // slow: $5, answers in 500 ms; fast: $1, in 50 ms; both always fill; slow is asked first (by price).
        let validated = try Self.rewardedWaterfall(
            items: """
                [{ "id": "slow", "provider": "google", "adUnit": "u-s", "mode": "waterfall", "priceMicros": 5000 },
                 { "id": "fast", "provider": "google", "adUnit": "u-f", "mode": "waterfall", "priceMicros": 1000 }]
                """,
            market: """
                [{ "lineItem": "slow", "priceMicros": 5000, "latencyMs": 500 },
                 { "lineItem": "fast", "priceMicros": 1000, "latencyMs": 50 }]
                """,
            strategies: """
                [{ "name": "t", "kind": "configured",
                   "sweep": { "lineItems": [{ "lineItem": "slow", "timeoutsSeconds": [0.3, 1] }] } }]
                """,
            users: 10)
        #expect(validated.variants.map(\.name) == ["t/slow.timeout=0.3s", "t/slow.timeout=1s"])
        let short = validated.variants[0].configuration(
            from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
        #expect(short.placements[0].lineItems.map(\.timeout) == [.milliseconds(300), .seconds(5)])
        #expect(short.placements[0].auction.deadline == .seconds(2))

        let result = try await SimulationRunner(validated: validated, providers: .builtIn).run()
        let timedOut = result.tally.row(variant: "t/slow.timeout=0.3s", placement: "rewarded")
        #expect(timedOut.requests == 50)
        #expect(timedOut.fills == 50)
        #expect(timedOut.paidPriceMicros == 1_000 * 50)
        #expect(timedOut.timeouts == 50)
        // 300 ms waiting for slow, then fast's 50 ms.
        #expect(timedOut.timeToAd.percentile(0.5) == 350)
        let waited = result.tally.row(variant: "t/slow.timeout=1s", placement: "rewarded")
        #expect(waited.paidPriceMicros == 5_000 * 50)
        #expect(waited.timeouts == 0)
        #expect(waited.timeToAd.percentile(0.5) == 500)
    }

    @Test("A deadline sweep sets the auction's deadline alone; the old timeout sweep still sets both")
    func deadlineAloneAndTheOldForm() {
        let base = StrategySweepTests.base
        let market = StrategySweepTests.market
        let deadline = ScenarioStrategy(
            name: "d", kind: .configured, sweep: StrategySweep(deadlinesSeconds: [0.5])
        ).variants
        #expect(deadline.map(\.name) == ["d/deadline=0.5s"])
        let configured = deadline[0].configuration(from: base, market: market, bidders: ["google"])
        #expect(configured.placements.map(\.auction.deadline) == [.milliseconds(500), .milliseconds(500)])
        #expect(configured.placements.flatMap(\.lineItems).map(\.timeout) == [.seconds(5), .seconds(5), .seconds(5)])
        let old = ScenarioStrategy(name: "t", kind: .configured, sweep: StrategySweep(timeoutsSeconds: [0.5])).variants
        #expect(old.map(\.name) == ["t/timeout=0.5s"])
        let both = old[0].configuration(from: base, market: market, bidders: ["google"])
        #expect(both.placements.map(\.auction.deadline) == [.milliseconds(500), .milliseconds(500)])
        #expect(both.placements.flatMap(\.lineItems).map(\.timeout).allSatisfy { $0 == .milliseconds(500) })
        // A line item's floor and price, and the axes' order: floors outermost, then the line item's lists.
        let items = ScenarioStrategy(
            name: "i", kind: .configured,
            sweep: StrategySweep(
                floorsMicros: [0, 10],
                lineItems: [
                    LineItemSweep(
                        lineItem: "high", placement: "rewarded", floorsMicros: [7], pricesMicros: [9_000, 1_000])
                ])
        ).variants
        #expect(
            items.map(\.name) == [
                "i/floor=0/rewarded.high.floor=7/rewarded.high.price=9000",
                "i/floor=0/rewarded.high.floor=7/rewarded.high.price=1000",
                "i/floor=10/rewarded.high.floor=7/rewarded.high.price=9000",
                "i/floor=10/rewarded.high.floor=7/rewarded.high.price=1000",
            ])
        let set = items[1].configuration(from: base, market: market, bidders: ["google"])
        let high = set.placements[0].lineItems[1]
        #expect(high.floorMicros == 7)
        #expect(high.mode == .waterfall(pricing: .fixed, priceMicros: 1_000, priority: 1))
        #expect(set.placements[0].lineItems[0] == base.placements[0].lineItems[0])
        #expect(set.placements[1].lineItems == base.placements[1].lineItems)
    }

    @Test("A configured explicit order under each kind: kept where items stay in the waterfall, dropped otherwise")
    func configuredOrderUnderKinds() {
        var base = StrategySweepTests.base
        base.placements[0].waterfallOrder = ["high"]
        func order(_ kind: StrategyKind, bidders: Set<ProviderID>) -> [String]? {
            StrategyVariant(name: "v", strategy: "v", kind: kind)
                .configuration(from: base, market: StrategySweepTests.market, bidders: bidders)
                .placements[0].waterfallOrder
        }
        #expect(order(.configured, bidders: ["google"]) == ["high"])
        #expect(order(.hybrid, bidders: ["google"]) == ["high"])
        // No provider can bid: the configured bidder waits in the waterfall, after the ordered items.
        #expect(order(.firstPriceBidding, bidders: []) == ["high", "bid"])
        // Every item bids: no waterfall is left to order.
        #expect(order(.secondPriceBidding, bidders: ["google"]) == nil)
        #expect(order(.priceSortedWaterfall, bidders: ["google"]) == nil)
        #expect(order(.learnedPrices, bidders: ["google"]) == nil)
    }

    /// A feed of 100 cells of 100 points in an 844-point window (no toolbar: no buttons), an IFLY native ad every 10
    /// cells from cell 5 (cells 5, 15, ..., 95), always filling at 2000 in 10 ms; users scroll a screen at 2000
    /// points a second and dwell 1 s.
    static func reachFeed(reach: String, sessionSeconds: Int, users: Int) throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            Data(
                """
                { "version": 1, "seed": 12,
                  "market": { "defaults": [{ "provider": "ifly", "fillRate": 1, "priceMicros": 2000, "latencyMs": 10,
                                             "creatives": ["../ifly/multi-image-three.xml"] }] },
                  "app": {
                    "mediation": { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall",
                      "lineItems": [{ "id": "i", "provider": "ifly", "adUnit": "u-i", "mode": "waterfall",
                                      "priceMicros": 2000 }] }] },
                    "screens": [{ "id": "home", "feed": { "cellHeight": 100, "cells": 100,
                                                         "ads": [{ "placement": "feed", "position": 5, "every": 10 }] } }] },
                  "users": { "count": \(users), "sessionSeconds": \(sessionSeconds),
                             "scrolling": { "speedPointsPerSecond": 2000, "dwellSeconds": 1 }\(reach) },
                  "strategies": [{ "name": "c", "kind": "configured" }] }
                """.utf8))
    }

    @Test("Reach fixed at cell 30: the slots at 5, 15, 25 are used, those beyond 30 never, even in a short session")
    func reachFixedAtN() async throws {
        // A 2-second session is too short to scroll to cell 30 (2256 points at 2000 points a second, with a 1 s
        // dwell after each screen): it lasts until the user gets there. Each user: the preload and a refill after
        // each of the 3 ads used.
        let result = try await SimulationRunner(
            validated: try Self.reachFeed(reach: #", "reach": 30"#, sessionSeconds: 2, users: 8), providers: .builtIn
        ).run()
        let row = result.tally.row(variant: "c", placement: "feed")
        #expect(row.used == 3 * 8)
        #expect(row.requests == 4 * 8)
        // Without a reach model, a long session scrolls the whole feed and uses all 10 slots.
        let free = try await SimulationRunner(
            validated: try Self.reachFeed(reach: "", sessionSeconds: 60, users: 2), providers: .builtIn
        ).run()
        #expect(free.tally.row(variant: "c", placement: "feed").used == 10 * 2)
    }

    @Test("A two-point reach (cell 10 or 50, half each): the ads used split as 1 and 5 per session, as drawn")
    func reachTwoPoints() async throws {
        let users = 30
        let validated = try Self.reachFeed(
            reach: #", "reach": { "kind": "discrete", "values": [10, 50], "probabilities": [0.5, 0.5] }"#,
            sessionSeconds: 60, users: users)
        let result = try await SimulationRunner(validated: validated, providers: .builtIn).run()
        // Each session's reach is one keyed draw (user, session 0, purpose reach): cell 10 reaches the slot at 5
        // (the one at 15 starts below cell 10's bottom), cell 50 the slots at 5, 15, 25, 35, 45.
        let draws = SimulationDraws(seed: validated.scenario.seed)
        let reach = try #require(validated.scenario.users.reach)
        let deep = (0..<users).count { user in
            draws.sample(reach, DrawKey(user: UInt64(user), request: 0, purpose: .reach), in: 0...99) == 50
        }
        #expect(abs(Double(deep) / Double(users) - 0.5) < 0.3)
        #expect(deep > 0 && deep < users)
        let row = result.tally.row(variant: "c", placement: "feed")
        #expect(row.used == UInt64(1 * (users - deep) + 5 * deep))
        #expect(row.requests == row.used + UInt64(users))
    }

    /// A rewarded placement, one Google bidder bidding 2000 and always filling, first price; two segments of half
    /// the users each: `rich` as the market is, `poor` at a quarter of the price (500). The strategy sweeps the floor
    /// over 0 and 1000.
    static func segmentedMarket(users: Int) throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            Data(
                """
                { "version": 1, "seed": 8,
                  "market": { "defaults": [{ "provider": "google", "fillRate": 1, "priceMicros": 2000, "latencyMs": 100,
                                             "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }] },
                  "app": {
                    "mediation": { "placements": [{
                      "id": "rewarded", "format": "rewarded", "strategy": "bidding", "retry": { "maxAttempts": 0 },
                      "auction": { "deadlineSeconds": 1, "pricing": "firstPrice" },
                      "lineItems": [{ "id": "bid", "provider": "google", "adUnit": "u-b", "mode": "bidder" }] }] },
                    "screens": [{ "id": "home", "buttons": [{ "placement": "rewarded" }] }] },
                  "users": { "count": \(users), "sessionSeconds": 300, "fullScreenOpensPerSession": 4,
                             "segments": [{ "name": "rich", "share": 0.5 },
                                          { "name": "poor", "share": 0.5, "priceMultiplier": 0.25 }] },
                  "strategies": [{ "name": "s", "kind": "configured", "sweep": { "floorsMicros": [0, 1000] } }] }
                """.utf8))
    }

    @Test("Segments: a floor right for one segment and wrong for the other shows in each variant's revenue")
    func segmentFloor() async throws {
        let users = 40
        let validated = try Self.segmentedMarket(users: users)
        var records: [SimulatedRequestRecord] = []
        let result = try await SimulationRunner(
            validated: validated, providers: .builtIn, onRequest: { records.append($0) }
        ).run()
        let segment = (0..<users).map { validated.segment(ofUser: UInt64($0)) }
        let rich = Int64(segment.count { $0 == 0 })
        let poor = Int64(users) - rich
        #expect(segment.allSatisfy { $0 == 0 || $0 == 1 })
        #expect(abs(Double(rich) / Double(users) - 0.5) < 0.3)
        #expect(rich > 0 && poor > 0)
        // Floor 0: every request fills, at 2000 for the rich and 500 for the poor; 4 taps each, each shown.
        let open = result.tally.row(variant: "s/floor=0", placement: "rewarded")
        #expect(open.requests == UInt64(5 * users))
        #expect(open.paidPriceMicros == 5 * (2_000 * rich + 500 * poor))
        #expect(open.revenueMicros == 4 * (2_000 * rich + 500 * poor))
        // Floor 1000: right for the rich (the same 2000), wrong for the poor: their one preload bids under the
        // floor, no ad, no refill, nothing to show.
        let floored = result.tally.row(variant: "s/floor=1000", placement: "rewarded")
        #expect(floored.requests == UInt64(5 * rich + poor))
        #expect(floored.fills == UInt64(5 * rich))
        #expect(floored.belowFloor == UInt64(poor))
        #expect(floored.revenueMicros == 4 * 2_000 * rich)
        #expect(floored.revenueMicros < open.revenueMicros)
        // Common random numbers: the same user meets the same segment (its oracle price) in both variants.
        for record in records {
            let expected: Int64 = segment[Int(record.user)] == 0 ? 2_000 : 500
            #expect(record.oraclePriceMicros == expected)
        }
        #expect(Set(records.filter { $0.variant == "s/floor=1000" }.map(\.user)) == Set((0..<UInt64(users))))
    }

    @Test("A user's segment is one keyed draw: the same in every run, shard and variant, spread by the shares")
    func segmentDraws() throws {
        let validated = try Self.segmentedMarket(users: 1)
        let first = (0..<2_000).map { validated.segment(ofUser: UInt64($0)) }
        #expect(first == (0..<2_000).map { validated.segment(ofUser: UInt64($0)) })
        #expect(abs(Double(first.count { $0 == 0 }) / 2_000 - 0.5) < 0.05)
        var plain = validated
        plain.scenario.users.segments = []
        #expect(plain.segment(ofUser: 3) == nil)
    }

    @Test("A segment multiplies a line item's price and fill rate; the fill rate stops where the other rates leave")
    func segmentMarket() {
        let market = LineItemMarket(
            placement: "p", lineItem: "x", provider: "google", format: .rewarded, fillRate: 0.6, errorRate: 0.1,
            neverAnswersRate: 0.1, priceMicros: .uniform(min: 1_000, max: 3_000), latencyMs: .fixed(5), creatives: [],
            noFill: nil)
        let segment = UserSegment(
            name: "s", share: 1, priceMultiplier: 2, fillRateMultiplier: 0.5,
            lineItems: [SegmentLineItem(lineItem: "x", placement: "q", fillRateMultiplier: 3)])
        let scaled = segment.market(market)
        #expect(scaled.priceMicros == .uniform(min: 2_000, max: 6_000))
        #expect(scaled.fillRate == 0.3)
        var elsewhere = market
        elsewhere.placement = "q"
        // 0.6 × 3 = 1.8, capped at 1 − 0.1 − 0.1.
        #expect(segment.market(elsewhere).fillRate == 0.8)
        #expect(segment.market(elsewhere).priceMicros == .uniform(min: 2_000, max: 6_000))
        #expect(UserSegment(name: "one", share: 1).market(market) == market)
    }

    @Test("A discrete distribution: each value with its probability, its median, mean and a scaled copy")
    func discreteDistribution() {
        let two = ScenarioDistribution.discrete(values: [10, 50], probabilities: [0.25, 0.75])
        #expect(two.sample(atUniform: 0) == 10)
        #expect(two.sample(atUniform: 0.2499) == 10)
        #expect(two.sample(atUniform: 0.25) == 50)
        #expect(two.sample(atUniform: 0.9999) == 50)
        #expect(two.median == 50)
        #expect(two.mean == 40)
        #expect(two.scaled(by: 2) == .discrete(values: [20, 100], probabilities: [0.25, 0.75]))
        #expect(
            ScenarioDistribution.logNormal(median: 100, sigma: 0.5).scaled(by: 3) == .logNormal(median: 300, sigma: 0.5)
        )
    }

    @Test("Fixtures/scenarios/markets.json: three shards merge into exactly the whole run (segments and reach too)")
    func marketsShardsMerge() async throws {
        let validated = try Scenario.load(
            contentsOf: ScenarioFixtures.path("scenarios/markets.json"), providers: ScenarioFixtures.providers)
        let whole = try await SimulationRunner(validated: validated, providers: .builtIn).run()
        var parts: [SimulationPartial] = []
        for index in [2, 3, 1] {
            let shard = try SimulationShard(index: index, count: 3)
            parts.append(
                try await SimulationRunner(validated: validated, providers: .builtIn, shard: shard).runPartial())
        }
        let merged = try SimulationPartial.merge(parts)
        #expect(merged == whole)
        #expect(SimulationReport(result: merged).jsonLines == SimulationReport(result: whole).jsonLines)
        #expect(whole.variants.count == 4)
        for variant in whole.variants {
            #expect(whole.tally.row(variant: variant, placement: "rewarded").requests > 0, "\(variant)")
            #expect(whole.tally.row(variant: variant, placement: "feed").used > 0, "\(variant)")
        }
    }
}
