import AdCore
import AdEmbedded
import AdSimulator
import Foundation
import Testing

@testable import adsim

/// The simulated ad server answers from the market model: fills with the real creative (priced), no fills with
/// the no-fill document, after the drawn latency in virtual time, the same answer for the same key.
@MainActor
@Suite struct SimulatedAdServerTests {
    private func market(fillRate: Double) throws -> SimulatedMarket {
        let validated = try ScenarioFixtures.load(
            ScenarioFixtures.minimal { parts in
                parts.defaults = """
                    [{ "provider": "ifly", "fillRate": \(fillRate), "priceMicros": 2500, "latencyMs": 200,
                       "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }]
                    """
            })
        return try SimulatedMarket(validated)
    }

    @Test func aFillServesTheCreativeWithItsPriceAfterTheLatency() async throws {
        let driver = VirtualTimeDriver(seed: 1)
        let server = SimulatedAdServer(market: try market(fillRate: 1), user: 0, driver: driver)
        server.requestStarted("feed")
        let task = driver.spawn {
            let response = try? await server.fetch(TransportRequest(providerID: "ifly", adUnitID: "u-a"))
            let text = String(decoding: response?.body ?? [], as: UTF8.self)
            #expect(text.contains("<Pricing model=\"CPM\" currency=\"USD\">2.500</Pricing>"))
            #expect(text.contains("cr-multi-3") || text.contains("multi"))
            #expect(driver.now == AdInstant(sinceEpoch: .milliseconds(200)))
        }
        await driver.run(for: .seconds(1))
        await task.value
    }

    @Test func aNoFillServesTheNoFillDocument() async throws {
        let driver = VirtualTimeDriver(seed: 1)
        let market = try market(fillRate: 0)
        let server = SimulatedAdServer(market: market, user: 0, driver: driver)
        let task = driver.spawn {
            let response = try? await server.fetch(TransportRequest(providerID: "ifly", adUnitID: "u-b"))
            #expect(response?.body == market.entry(placement: "feed", lineItem: "b")?.noFill)
        }
        await driver.run(for: .seconds(1))
        await task.value
    }

    @Test func theRequestKeyCountsOpportunitiesThenAttempts() throws {
        let server = SimulatedAdServer(market: try market(fillRate: 1), user: 0, driver: VirtualTimeDriver())
        server.requestStarted("feed")
        #expect(server.current("feed") == (0, 0))
        server.requestStarted("feed")
        #expect(server.current("feed") == (0, 1))
        server.adTaken("feed")
        server.requestStarted("feed")
        #expect(server.current("feed") == (1, 0))
        #expect(SimulatedAdServer.requestKey(opportunity: 1, attempt: 300) == 511)
    }

    @Test func theSameKeyDrawsTheSameAnswer() throws {
        let market = try market(fillRate: 0.5)
        let item = try #require(market.entry(placement: "feed", lineItem: "a")).market
        let first = MarketDraw(market: item, draws: market.draws, user: 3, request: 12)
        #expect(MarketDraw(market: item, draws: market.draws, user: 3, request: 12) == first)
    }
}
