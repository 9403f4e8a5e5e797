import AdCore
import AdMediation
import AdSimulator
import Foundation
import Testing

@testable import adsim

/// Issue 35, section 2: the scenario syntax of an explicit order, a line item's (or the deadline's) sweep, a reach
/// model and user segments, and every bad input of each refused with its kind and JSON path.
@Suite("Simulation scenario: orders, targeted sweeps, reach and segments are validated")
struct ScenarioMarketsValidationTests {
    typealias Fixtures = ScenarioFixtures

    /// The minimal scenario with `strategies` (a JSON list) and `users` (a JSON object).
    static func problems(strategies: String? = nil, users: String? = nil) -> [ConfigurationProblem] {
        Fixtures.problems(
            Fixtures.minimal { parts in
                if let strategies { parts.strategies = strategies }
                if let users { parts.users = users }
            })
    }

    /// A rewarded hybrid placement (a Google bidder and two waterfall items) behind a button, no feed.
    static func rewarded(strategies: String, users: String = #"{ "count": 2 }"#) -> Data {
        Fixtures.minimal { parts in
            parts.defaults = """
                [{ "provider": "google", "fillRate": 1, "priceMicros": 3000, "latencyMs": 100,
                   "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }]
                """
            parts.mediation = """
                { "placements": [{ "id": "rewarded", "format": "rewarded", "strategy": "hybrid", "lineItems": [
                    { "id": "bid", "provider": "google", "adUnit": "u0", "mode": "bidder" },
                    { "id": "w1", "provider": "google", "adUnit": "u1", "mode": "waterfall", "priceMicros": 5000 },
                    { "id": "w2", "provider": "google", "adUnit": "u2", "mode": "waterfall", "priceMicros": 1000 }] }] }
                """
            parts.screens = #"[{ "id": "home", "buttons": [{ "placement": "rewarded" }] }]"#
            parts.strategies = strategies
            parts.users = users
        }
    }

    // MARK: - Order

    @Test("A valid order reaches the variant's configuration as the placement's waterfall order")
    func validOrder() throws {
        let validated = try Fixtures.load(
            Fixtures.minimal {
                $0.strategies = #"[{ "name": "b-first", "kind": "configured", "order": { "feed": ["b", "a"] } }]"#
            })
        let variant = try #require(validated.variants.first)
        #expect(variant.order == ["feed": ["b", "a"]])
        let configuration = variant.configuration(
            from: validated.configuration, market: validated.market, bidders: validated.pricedProviders)
        #expect(configuration.placement("feed")?.waterfallOrder == ["b", "a"])
        #expect(validated.configuration.placement("feed")?.waterfallOrder == nil)
    }

    @Test("Order: an unknown line item, a duplicate and a missing item are each refused at their path")
    func orderProblems() {
        let unknown = Self.problems(
            strategies: #"[{ "name": "o", "kind": "configured", "order": { "feed": ["b", "z", "a"] } }]"#)
        #expect(unknown.map(\.kind) == [.unknownReference])
        #expect(unknown.map(\.path) == ["$.strategies[0].order.feed[1]"])
        let twice = Self.problems(
            strategies: #"[{ "name": "o", "kind": "configured", "order": { "feed": ["b", "a", "b"] } }]"#)
        #expect(twice.map(\.kind) == [.duplicateLineItemID])
        #expect(twice.map(\.path) == ["$.strategies[0].order.feed[2]"])
        let missing = Self.problems(strategies: #"[{ "name": "o", "kind": "configured", "order": { "feed": ["b"] } }]"#)
        #expect(missing.map(\.kind) == [.emptyValue])
        #expect(missing.map(\.path) == ["$.strategies[0].order.feed"])
        #expect(missing.first?.message.contains("'a'") == true)
    }

    @Test("Order: an unknown placement, and a kind that orders the waterfall itself, are refused")
    func orderPlacementAndKind() {
        let nowhere = Self.problems(
            strategies: #"[{ "name": "o", "kind": "configured", "order": { "nowhere": ["a"] } }]"#)
        #expect(nowhere.map(\.kind) == [.unknownReference])
        #expect(nowhere.map(\.path) == ["$.strategies[0].order.nowhere"])
        for kind in ["priceSortedWaterfall", "learnedPrices"] {
            let problems = Self.problems(
                strategies: #"[{ "name": "o", "kind": "\#(kind)", "order": { "feed": ["b", "a"] } }]"#)
            #expect(problems.map(\.kind) == [.modeNotAllowed], "\(kind)")
            #expect(problems.map(\.path) == ["$.strategies[0].order"], "\(kind)")
        }
    }

    @Test("Order: a bidder (as the kind makes it) has no place; a fully bidding placement has no waterfall to order")
    func orderBidders() {
        let bidder = Fixtures.problems(
            Self.rewarded(
                strategies: #"[{ "name": "o", "kind": "configured", "order": { "rewarded": ["bid", "w1", "w2"] } }]"#))
        #expect(bidder.map(\.kind) == [.modeNotAllowed])
        #expect(bidder.map(\.path) == ["$.strategies[0].order.rewarded[0]"])
        // Under first price every Google item bids: the placement becomes pure bidding.
        let bidding = Fixtures.problems(
            Self.rewarded(
                strategies: #"[{ "name": "o", "kind": "firstPriceBidding", "order": { "rewarded": ["w1", "w2"] } }]"#))
        #expect(bidding.map(\.kind) == [.modeNotAllowed])
        #expect(bidding.map(\.path) == ["$.strategies[0].order.rewarded"])
        #expect(
            Fixtures.problems(
                Self.rewarded(
                    strategies: #"[{ "name": "o", "kind": "configured", "order": { "rewarded": ["w2", "w1"] } }]"#)
            ).isEmpty)
    }

    @Test("Order: a placement the strategy does not change is refused")
    func orderOutsideTheStrategy() {
        let problems = Self.problems(
            strategies:
                #"[{ "name": "o", "kind": "configured", "placements": ["feed"], "order": { "feed": ["b", "a"] } }]"#)
        #expect(problems.isEmpty)
        let data = Fixtures.minimal { parts in
            parts.mediation = """
                { "placements": [
                  { "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                    { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 },
                    { "id": "b", "provider": "ifly", "adUnit": "u-b", "mode": "waterfall", "priceMicros": 1000 }] },
                  { "id": "other", "format": "native", "strategy": "waterfall", "lineItems": [
                    { "id": "c", "provider": "ifly", "adUnit": "u-c", "mode": "waterfall", "priceMicros": 3000 }] }] }
                """
            parts.strategies =
                #"[{ "name": "o", "kind": "configured", "placements": ["feed"], "order": { "other": ["c"] } }]"#
        }
        let outside = Fixtures.problems(data)
        #expect(outside.map(\.kind) == [.unknownReference])
        #expect(outside.map(\.path) == ["$.strategies[0].order.other"])
    }

    // MARK: - Targeted sweeps

    @Test("A line item sweep: unknown item or placement, no list, the same item twice, values out of range")
    func lineItemSweepProblems() {
        func sweep(_ entry: String) -> [ConfigurationProblem] {
            Self.problems(
                strategies: #"[{ "name": "s", "kind": "configured", "sweep": { "lineItems": [\#(entry)] } }]"#)
        }
        let unknown = sweep(#"{ "lineItem": "z", "timeoutsSeconds": [1] }"#)
        #expect(unknown.map(\.kind) == [.unknownReference])
        #expect(unknown.map(\.path) == ["$.strategies[0].sweep.lineItems[0].lineItem"])
        let placement = sweep(#"{ "lineItem": "a", "placement": "nowhere", "timeoutsSeconds": [1] }"#)
        #expect(placement.map(\.kind) == [.unknownReference])
        #expect(placement.map(\.path) == ["$.strategies[0].sweep.lineItems[0].placement"])
        let empty = sweep(#"{ "lineItem": "a" }"#)
        #expect(empty.map(\.kind) == [.emptyValue])
        #expect(empty.map(\.path) == ["$.strategies[0].sweep.lineItems[0]"])
        let twice = sweep(#"{ "lineItem": "a", "timeoutsSeconds": [1] }, { "lineItem": "a", "floorsMicros": [5] }"#)
        #expect(twice.map(\.kind) == [.duplicateName])
        #expect(twice.map(\.path) == ["$.strategies[0].sweep.lineItems[1].lineItem"])
        // The same item with and without its placement: the second entry would silently replace the first's value.
        let overlapping = sweep(
            #"{ "lineItem": "a", "timeoutsSeconds": [0.3] }, { "lineItem": "a", "placement": "feed", "timeoutsSeconds": [2] }"#
        )
        #expect(overlapping.map(\.kind) == [.duplicateName])
        #expect(overlapping.map(\.path) == ["$.strategies[0].sweep.lineItems[1].lineItem"])
        #expect(
            overlapping.first?.message.contains("of placement 'feed' is swept by this entry and by lineItems[0]")
                == true)
        // Two items of one placement, or one item named once: no overlap.
        #expect(
            sweep(
                #"{ "lineItem": "a", "timeoutsSeconds": [1] }, { "lineItem": "b", "placement": "feed", "timeoutsSeconds": [2] }"#
            ).isEmpty)
        let ranges = sweep(
            #"{ "lineItem": "a", "timeoutsSeconds": [0, 1, 1], "floorsMicros": [-1], "pricesMicros": [2e9] }"#)
        #expect(
            ranges.map(\.path) == [
                "$.strategies[0].sweep.lineItems[0].timeoutsSeconds[0]",
                "$.strategies[0].sweep.lineItems[0].timeoutsSeconds[2]",
                "$.strategies[0].sweep.lineItems[0].floorsMicros[0]",
                "$.strategies[0].sweep.lineItems[0].pricesMicros[0]",
            ])
        #expect(ranges.map(\.kind) == [.outOfRange, .duplicateName, .outOfRange, .outOfRange])
    }

    @Test("A price sweep of a bidder, and a deadline sweep where no placement runs an auction, are refused")
    func sweepsThatChangeNothing() {
        let bidderPrice = Fixtures.problems(
            Self.rewarded(
                strategies:
                    #"[{ "name": "s", "kind": "configured", "sweep": { "lineItems": [{ "lineItem": "bid", "pricesMicros": [1000] }] } }]"#
            ))
        #expect(bidderPrice.map(\.kind) == [.modeNotAllowed])
        #expect(bidderPrice.map(\.path) == ["$.strategies[0].sweep.lineItems[0].pricesMicros"])
        let deadline = Self.problems(
            strategies: #"[{ "name": "s", "kind": "configured", "sweep": { "deadlinesSeconds": [1, 2] } }]"#)
        #expect(deadline.map(\.kind) == [.modeNotAllowed])
        #expect(deadline.map(\.path) == ["$.strategies[0].sweep.deadlinesSeconds"])
        let badDeadline = Fixtures.problems(
            Self.rewarded(
                strategies: #"[{ "name": "s", "kind": "configured", "sweep": { "deadlinesSeconds": [0, 700] } }]"#))
        #expect(
            badDeadline.map(\.path) == [
                "$.strategies[0].sweep.deadlinesSeconds[0]", "$.strategies[0].sweep.deadlinesSeconds[1]",
            ])
        let empty = Self.problems(strategies: #"[{ "name": "s", "kind": "configured", "sweep": {} }]"#)
        #expect(empty.map(\.kind) == [.emptyValue])
    }

    @Test("A sweep of 100 × 100 × 100 values is refused as too many variants without being expanded")
    func tooManyVariants() {
        let hundred = (1...100).map(String.init).joined(separator: ", ")
        let problems = Self.problems(
            strategies: #"[{ "name": "s", "kind": "configured", "sweep": { "floorsMicros": [\#(hundred)], "#
                + #""lineItems": [{ "lineItem": "a", "floorsMicros": [\#(hundred)], "pricesMicros": [\#(hundred)] }] } }]"#
        )
        #expect(problems.map(\.kind) == [.outOfRange])
        #expect(problems.map(\.path) == ["$.strategies[0].sweep"])
    }

    // MARK: - Reach

    @Test("Reach: a position outside the feed is refused at the value that is outside, for every kind")
    func reachOutsideTheFeed() {
        // The minimal feed has 20 cells: positions 0...19.
        #expect(Self.problems(users: #"{ "count": 2, "reach": 19 }"#).isEmpty)
        let fixed = Self.problems(users: #"{ "count": 2, "reach": 20 }"#)
        #expect(fixed.map(\.kind) == [.outOfRange])
        #expect(fixed.map(\.path) == ["$.users.reach"])
        #expect(fixed.first?.message.contains("outside the feed (its cells are 0...19)") == true)
        let uniform = Self.problems(users: #"{ "count": 2, "reach": { "kind": "uniform", "min": 2, "max": 25 } }"#)
        #expect(uniform.map(\.path) == ["$.users.reach.max"])
        let discrete = Self.problems(
            users: #"{ "count": 2, "reach": { "kind": "discrete", "values": [5, 30], "probabilities": [0.5, 0.5] } }"#)
        #expect(discrete.map(\.path) == ["$.users.reach.values[1]"])
        let logNormal = Self.problems(
            users: #"{ "count": 2, "reach": { "kind": "lognormal", "median": 40, "sigma": 1 } }"#)
        #expect(logNormal.map(\.path) == ["$.users.reach.median"])
        let negative = Self.problems(users: #"{ "count": 2, "reach": -1 }"#)
        #expect(negative.map(\.kind) == [.outOfRange])
        #expect(negative.map(\.path) == ["$.users.reach"])
    }

    @Test("Reach without a feed is refused")
    func reachWithoutFeed() {
        let problems = Fixtures.problems(
            Self.rewarded(
                strategies: #"[{ "name": "c", "kind": "configured" }]"#, users: #"{ "count": 2, "reach": 3 }"#))
        #expect(problems.map(\.kind) == [.unknownReference])
        #expect(problems.map(\.path) == ["$.users.reach"])
    }

    @Test("A discrete distribution: probabilities not summing to 1, a count mismatch, no values, a bad probability")
    func discreteProblems() {
        func reach(_ json: String) -> [ConfigurationProblem] {
            Self.problems(users: #"{ "count": 2, "reach": \#(json) }"#)
        }
        let sum = reach(#"{ "kind": "discrete", "values": [2, 5], "probabilities": [0.5, 0.4] }"#)
        #expect(sum.map(\.kind) == [.outOfRange])
        #expect(sum.map(\.path) == ["$.users.reach.probabilities"])
        #expect(sum.first?.message == "The probabilities sum to 0.9, not 1.")
        let count = reach(#"{ "kind": "discrete", "values": [2, 5], "probabilities": [1] }"#)
        #expect(count.map(\.path) == ["$.users.reach.probabilities"])
        let empty = reach(#"{ "kind": "discrete", "values": [], "probabilities": [] }"#)
        #expect(empty.map(\.kind).contains(.emptyValue))
        let bad = reach(#"{ "kind": "discrete", "values": [2, 5], "probabilities": [1.5, -0.5] }"#)
        #expect(bad.map(\.path) == ["$.users.reach.probabilities[0]", "$.users.reach.probabilities[1]"])
        #expect(reach(#"{ "kind": "discrete", "values": [2, 5], "probabilities": [0.1, 0.2, 0.7] }"#).count == 1)
        #expect(reach(#"{ "kind": "discrete", "values": [2, 5, 9], "probabilities": [0.1, 0.2, 0.7] }"#).isEmpty)
    }

    @Test("A discrete distribution's values must ascend strictly (its median and quantiles read it as a CDF)")
    func discreteValuesAscend() {
        func reach(_ values: String) -> [ConfigurationProblem] {
            Self.problems(
                users: #"{ "count": 2, "reach": { "kind": "discrete", "values": \#(values), "#
                    + #""probabilities": [0.2, 0.3, 0.5] } }"#)
        }
        let descending = reach("[9, 5, 2]")
        #expect(descending.map(\.kind) == [.outOfRange])
        #expect(descending.map(\.path) == ["$.users.reach.values[1]"])
        #expect(descending.first?.message.contains("strictly ascending") == true)
        #expect(reach("[2, 5, 5]").map(\.path) == ["$.users.reach.values[2]"])  // a tie is refused
        #expect(reach("[2, 5, 5.001]").isEmpty)
    }

    // MARK: - Segments

    @Test("Segments: shares that do not sum to 1 are refused at the list, each out-of-range share at its own")
    func segmentShares() {
        let sum = Self.problems(
            users: #"{ "count": 2, "segments": [{ "name": "a", "share": 0.5 }, { "name": "b", "share": 0.4 }] }"#)
        #expect(sum.map(\.kind) == [.outOfRange])
        #expect(sum.map(\.path) == ["$.users.segments"])
        #expect(sum.first?.message == "The shares sum to 0.9, not 1.")
        let negative = Self.problems(
            users: #"{ "count": 2, "segments": [{ "name": "a", "share": -0.2 }, { "name": "b", "share": 1.2 }] }"#)
        #expect(negative.map(\.path) == ["$.users.segments[0].share", "$.users.segments[1].share"])
        #expect(
            Self.problems(
                users:
                    #"{ "count": 2, "segments": [{ "name": "a", "share": 0.1 }, { "name": "b", "share": 0.2 }, { "name": "c", "share": 0.7 }] }"#
            ).isEmpty)
    }

    @Test("Segments: negative multipliers, unknown line items or placements, names and entries repeated, empty")
    func segmentProblems() {
        func segment(_ json: String) -> [ConfigurationProblem] {
            Self.problems(users: #"{ "count": 2, "segments": [\#(json)] }"#)
        }
        let negative = segment(#"{ "name": "a", "share": 1, "priceMultiplier": -1, "fillRateMultiplier": -0.5 }"#)
        #expect(negative.map(\.kind) == [.outOfRange, .outOfRange])
        #expect(
            negative.map(\.path) == ["$.users.segments[0].priceMultiplier", "$.users.segments[0].fillRateMultiplier"])
        let item = segment(
            #"{ "name": "a", "share": 1, "lineItems": [{ "lineItem": "a", "fillRateMultiplier": -2 }] }"#)
        #expect(item.map(\.path) == ["$.users.segments[0].lineItems[0].fillRateMultiplier"])
        let unknown = segment(#"{ "name": "a", "share": 1, "lineItems": [{ "lineItem": "z", "priceMultiplier": 2 }] }"#)
        #expect(unknown.map(\.kind) == [.unknownReference])
        #expect(unknown.map(\.path) == ["$.users.segments[0].lineItems[0].lineItem"])
        let placement = segment(
            #"{ "name": "a", "share": 1, "lineItems": [{ "lineItem": "a", "placement": "x", "priceMultiplier": 2 }] }"#)
        #expect(placement.map(\.path) == ["$.users.segments[0].lineItems[0].placement"])
        let none = segment(#"{ "name": "a", "share": 1, "lineItems": [{ "lineItem": "a" }] }"#)
        #expect(none.map(\.kind) == [.emptyValue])
        let twice = segment(
            #"{ "name": "a", "share": 1, "lineItems": [{ "lineItem": "a", "priceMultiplier": 2 }, { "lineItem": "a", "fillRateMultiplier": 2 }] }"#
        )
        #expect(twice.map(\.kind) == [.duplicateName])
        #expect(twice.map(\.path) == ["$.users.segments[0].lineItems[1].lineItem"])
        let names = segment(#"{ "name": "a", "share": 0.5 }, { "name": "a", "share": 0.5 }"#)
        #expect(names.map(\.kind) == [.duplicateName])
        #expect(names.map(\.path) == ["$.users.segments[1].name"])
        let blank = segment(#"{ "name": " ", "share": 1 }"#)
        #expect(blank.map(\.kind) == [.emptyValue])
    }

    @Test("Fixtures/scenarios/markets.json validates: an order, a line item sweep, a reach model and two tiers")
    func marketsFixture() throws {
        let validated = try Scenario.load(
            contentsOf: Fixtures.path("scenarios/markets.json"), providers: Fixtures.providers)
        #expect(
            validated.variants.map(\.name) == [
                "configured", "low-first", "high-timeout/google-high.timeout=0.3s",
                "high-timeout/google-high.timeout=2s",
            ])
        #expect(validated.scenario.users.segments.map(\.name) == ["tier-1", "tier-3"])
        #expect(validated.scenario.users.reach == .discrete(values: [9, 40], probabilities: [0.6, 0.4]))
    }
}
