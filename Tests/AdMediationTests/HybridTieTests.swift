import AdCore
import AdMediation
import Testing

/// The hybrid tie rule (Docs/Mediation.md, Strategies): a waterfall item priced exactly at the auction's clearing
/// price is not asked; the bid in hand is delivered. A real bid beats an estimate of the same price.
@Suite("Hybrid: a tie between the clearing price and a waterfall price goes to the bid")
struct HybridTieTests {
    typealias H = MachineHarness

    @Test("Hybrid tie: the bid clears at X, an item priced exactly X is not asked and the bid is delivered")
    func tieGoesToTheBid() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [H.bidder("bid"), H.waterfall("above", price: 3_001), H.waterfall("equal", price: 3_000)]))
        harness.start()
        harness.fill("bid", micros: 3_000)
        #expect(harness.loadedIDs() == ["bid", "above"])
        harness.noFill("above")
        #expect(harness.loadedIDs() == ["bid", "above"])  // "equal" is never asked
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "bid")
        #expect(delivery.price.micros == 3_000)
        #expect(delivery.report.state(of: "equal") == .notAttempted)
    }

    @Test("Hybrid tie under second price: the clearing price, not the bid, is what an equal item ties with")
    func tieComparesTheClearingPrice() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [H.bidder("a"), H.bidder("b"), H.waterfall("equal", price: 2_000), H.waterfall("low", price: 1_999)]
            ) { $0.auction.pricing = .secondPrice })
        harness.start()
        harness.fill("a", micros: 5_000)
        harness.fill("b", micros: 2_000)
        let delivery = try #require(harness.delivered.first)
        #expect(harness.loadedIDs() == ["a", "b"])
        #expect(delivery.lineItemID == "a")
        #expect(delivery.price.micros == 2_000)
        #expect(delivery.report.state(of: "equal") == .notAttempted)
    }
}
