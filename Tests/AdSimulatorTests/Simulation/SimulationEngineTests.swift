import AdCore
import AdSimulator
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// The engine and the oracle on small scenarios: a hand-computable market, show rate below fill rate when users
/// scroll past, the same tally twice.
@MainActor
@Suite struct SimulationEngineTests {
    /// Two line items that always fill, with zero latency: `a` is configured first (3000) but the market pays 1000
    /// for it; `b` is configured at 1000 and the market pays 3000; `c` never fills (at 9000). The waterfall asks
    /// `a` first and takes it, so every request delivers 1000 where the oracle delivers 3000 (`b`): yield 1/3.
    private func handComputable() throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            ScenarioFixtures.minimal { parts in
                parts.defaults = """
                    [{ "provider": "ifly", "fillRate": 1, "latencyMs": 0,
                       "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }]
                    """
                parts.lineItems = """
                    [{ "lineItem": "a", "priceMicros": 1000 }, { "lineItem": "b", "priceMicros": 3000 },
                     { "lineItem": "c", "priceMicros": 9000, "fillRate": 0 }]
                    """
                parts.mediation = """
                    { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                        { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 },
                        { "id": "b", "provider": "ifly", "adUnit": "u-b", "mode": "waterfall", "priceMicros": 1000 },
                        { "id": "c", "provider": "ifly", "adUnit": "u-c", "mode": "waterfall", "priceMicros": 500 }
                    ] }] }
                    """
                parts.users = #"{ "count": 2, "sessionSeconds": 15 }"#
            })
    }

    @Test func theOracleTakesTheHighestFillingPriceWithItsLatencyAlone() throws {
        let validated = try handComputable()
        let oracle = SimulationOracle(validated)
        let best = oracle.best(placement: "feed", user: 0, request: 0)
        #expect(best == SimulationOracle.Best(lineItem: "b", priceMicros: 3_000, latency: .zero))
    }

    @Test func yieldOnAHandComputableMarketIsOneThird() async throws {
        let result = try await SimulationRunner(validated: try handComputable(), providers: .builtIn).run()
        let row = result.tally.row(variant: "configured", placement: "feed")
        #expect(row.requests > 0)
        #expect(row.fills == row.requests)
        // A waterfall winner pays its market price: the bid price and the price paid are the same 1000.
        #expect(row.bidPriceMicros == 1_000 * Int64(row.fills))
        #expect(row.paidPriceMicros == 1_000 * Int64(row.fills))
        #expect(row.oraclePriceMicros == 3_000 * Int64(row.requests))
        #expect(row.yield == 1.0 / 3.0)
        #expect(row.oracleTimeToAd.percentile(0.99) == 0)
        #expect(row.timeToAd.percentile(0.99) == 0)
    }

    @Test func showRateIsBelowFillRateWhenUsersScrollPast() async throws {
        let validated = try ScenarioFixtures.load(
            Data(contentsOf: ScenarioFixtures.folder.appending(path: "tiny.json")))
        let result = try await SimulationRunner(validated: validated, providers: .builtIn).run()
        let row = result.tally.row(variant: "configured", placement: "feed")
        #expect(row.fills > 0)
        #expect(row.impressions < row.used)
        #expect(row.showRate < 1)
    }

    @Test func theSameScenarioCountsTheSameTally() async throws {
        let validated = try handComputable()
        let first = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        let second = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        #expect(first == second)
    }
}
