import AdCore
import AdEmbedded
import Testing

@testable import AdSimulator

/// A request's market draws are drawn once, when it starts, and read back by the server and the winner's price:
/// what they read must be what drawing again gives, and only for the request they were drawn for.
@MainActor
@Suite("Market draws kept for a request")
struct KeptDrawsTests {
    private static func scenario() throws -> ValidatedScenario {
        try ScenarioFixtures.load(
            ScenarioFixtures.minimal { parts in
                parts.defaults = """
                    [{ "provider": "ifly", "fillRate": 0.6,
                       "priceMicros": { "kind": "lognormal", "median": 2500, "sigma": 0.5 },
                       "latencyMs": { "kind": "lognormal", "median": 200, "sigma": 0.4 },
                       "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }]
                    """
            })
    }

    @Test("Each line item's kept draw is the draw made again, request after request; the best is the oracle's")
    func keptDrawsAreTheDrawsMadeAgain() throws {
        let validated = try Self.scenario()
        let market = try SimulatedMarket(validated)
        let oracle = SimulationOracle(validated)
        let server = SimulatedAdServer(market: market, user: 4, driver: VirtualTimeDriver())
        let items = try ["a", "b"].map { try #require(market.boxed(placement: "feed", lineItem: $0)) }
        var prices: Set<Int64> = []
        for opportunity in 0..<20 {
            let (request, best) = server.startRequest("feed", oracle: oracle)
            #expect(request == SimulatedAdServer.requestKey(opportunity: UInt64(opportunity), attempt: 0))
            #expect(best == oracle.best(placement: "feed", user: 4, request: request))
            for item in items {
                let drawn = item.draw(market.draws, user: 4, request: request)
                #expect(server.draw(item, request: request) == drawn)
                #expect(
                    server.keptDraw(placement: "feed", lineItem: item.entry.market.lineItem, request: request) == drawn)
                prices.insert(drawn.priceMicros)
            }
            #expect(server.keptDraw(placement: "feed", lineItem: "a", request: request &+ 1) == nil)
            #expect(server.keptDraw(placement: "rewarded", lineItem: "a", request: request) == nil)
            server.adTaken("feed")
        }
        // The draws differ between items and requests, so a draw kept for the wrong one would be caught.
        #expect(prices.count > 30)
    }

    @Test("Kept draws answer only for their request and the line items drawn")
    func keptDrawsAnswerOnlyTheirRequest() throws {
        let validated = try Self.scenario()
        let market = try SimulatedMarket(validated)
        let item = try #require(market.boxed(placement: "feed", lineItem: "a"))
        let draw = item.draw(market.draws, user: 1, request: 9)
        var kept = KeptDraws()
        kept.restart(request: 9)
        kept.keep(draw, item: item.lineItemKey, lineItem: "a")
        #expect(kept.draw(item: item.lineItemKey, request: 9) == draw)
        #expect(kept.draw(lineItem: "a", request: 9) == draw)
        #expect(kept.draw(lineItem: "b", request: 9) == nil)
        #expect(kept.draw(lineItem: "a", request: 10) == nil)
        #expect(kept.draw(item: item.lineItemKey, request: 10) == nil)
        #expect(kept.draw(item: item.lineItemKey &+ 1, request: 9) == nil)
        kept.restart(request: 10)
        #expect(kept.draw(item: item.lineItemKey, request: 10) == nil)
    }

    @Test("The server answers each ad unit from its own entry, load after load; an unknown unit fails every time")
    func serverFindsEachUnitsEntry() throws {
        let validated = try Self.scenario()
        let market = try SimulatedMarket(validated)
        let oracle = SimulationOracle(validated)
        let server = SimulatedAdServer(market: market, user: 2, driver: VirtualTimeDriver(), answersFastTier: true)
        let feed = try #require(validated.configuration.placements.first { $0.id == "feed" })
        let items = try feed.lineItems.map { item in
            (adUnit: item.adUnitID, boxed: try #require(market.boxed(placement: "feed", lineItem: item.id)))
        }
        #expect(Set(items.map(\.boxed.unit)).count == 2)
        for _ in 0..<3 {
            let (request, _) = server.startRequest("feed", oracle: oracle)
            for (adUnit, item) in items {
                let (_, result, unit) = server.fastAnswer(provider: "ifly", adUnit: adUnit)
                #expect(unit == item.unit)
                let drawn = server.draw(item, request: request)
                switch (result, drawn.outcome) {
                case (.success(.fill(_, let price)), .fill): #expect(price == drawn.priceMicros)
                case (.success(.noFill), .noFill), (.failure, .error), (.failure, .neverAnswers): break
                default: Issue.record("\(item.entry.market.lineItem): \(result) for \(drawn.outcome)")
                }
            }
            for _ in 0..<2 {
                let (delay, result, unit) = server.fastAnswer(provider: "ifly", adUnit: "no-such-unit")
                #expect(delay == nil && unit == nil)
                #expect(throws: AdError.self) { try result.get() }
            }
            server.adTaken("feed")
        }
    }
}
