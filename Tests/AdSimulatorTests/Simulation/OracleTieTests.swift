import AdSimulator
import Testing

@testable import adsim

/// The oracle's ties: the highest filling price wins; at an equal price the faster item; at an equal price and
/// latency the item listed first in the placement's configuration, whatever the market's order.
@Suite("The oracle's ties")
struct OracleTieTests {
    /// Three always-filling items with fixed prices and latencies, listed in `order` in the market.
    static func oracle(_ items: [(id: String, price: Int, latency: Int)]) throws -> SimulationOracle {
        let market = items.map {
            #"{ "lineItem": "\#($0.id)", "priceMicros": \#($0.price), "latencyMs": \#($0.latency) }"#
        }
        let validated = try ScenarioFixtures.load(
            ScenarioFixtures.minimal { parts in
                parts.defaults = """
                    [{ "provider": "ifly", "fillRate": 1, "latencyMs": 0,
                       "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }]
                    """
                parts.lineItems = "[" + market.joined(separator: ", ") + "]"
                parts.mediation = """
                    { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 100 },
                        { "id": "b", "provider": "ifly", "adUnit": "u-b", "mode": "waterfall", "priceMicros": 200 },
                        { "id": "c", "provider": "ifly", "adUnit": "u-c", "mode": "waterfall", "priceMicros": 300 }
                    ] }] }
                    """
            })
        return SimulationOracle(validated)
    }

    @Test("A higher price beats a faster item")
    func priceFirst() throws {
        let oracle = try Self.oracle([("a", 3_000, 900), ("b", 2_999, 0), ("c", 1_000, 0)])
        #expect(oracle.best(placement: "feed", user: 0, request: 0)?.lineItem == "a")
    }

    @Test("At an equal price the faster item wins, wherever it is listed", arguments: [0, 1, 2])
    func equalPriceFasterWins(position: Int) throws {
        var items: [(id: String, price: Int, latency: Int)] = [("a", 3_000, 200), ("b", 3_000, 300)]
        items.insert(("c", 3_000, 100), at: position)
        let best = try Self.oracle(items).best(placement: "feed", user: 0, request: 0)
        #expect(best?.lineItem == "c")
        #expect(best?.latency == .milliseconds(100))
    }

    @Test("At an equal price and latency the item configured first wins, whatever the market lists first")
    func fullTieGoesToTheFirstListed() throws {
        #expect(
            try Self.oracle([("b", 3_000, 100), ("a", 3_000, 100), ("c", 3_000, 100)])
                .best(placement: "feed", user: 0, request: 0)?.lineItem == "a")
        #expect(
            try Self.oracle([("c", 3_000, 100), ("b", 3_000, 100), ("a", 1_000, 0)])
                .best(placement: "feed", user: 0, request: 0)?.lineItem == "b")
    }
}
