import AdCore
import AdMediation
import Testing

/// Floors at their exact boundary: a price equal to the floor that applies is deliverable, one micro below is not,
/// and a second-price winner never pays less than its own floor.
@Suite("Floors at the boundary: equal prices, one micro below, the winner's own floor")
struct FloorBoundaryTests {
    typealias H = MachineHarness

    @Test("Second price: the winner pays at least its own floor, even when the second bid is lower")
    func secondPriceNeverBelowTheWinnersOwnFloor() throws {
        var harness = H(
            H.placement(.bidding, [H.bidder("a"), H.bidder("b")]) {
                $0.auction.pricing = .secondPrice
                $0.floorMicros = 500
                $0.lineItems[0].floorMicros = 3_000
            })
        harness.start()
        harness.fill("a", micros: 4_000)
        harness.fill("b", micros: 1_000)
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "a")
        #expect(delivery.price.micros == 3_000)
        #expect(delivery.report.state(of: "b") == .outbid)
    }

    @Test("Bidding: a bid exactly at the floor is filled and wins; one micro below is refused")
    func bidExactlyAtTheFloorIsFilled() throws {
        var harness = H(H.placement(.bidding, [H.bidder("at"), H.bidder("under")]) { $0.floorMicros = 1_500 })
        harness.start()
        harness.fill("at", micros: 1_500)
        harness.fill("under", micros: 1_499)
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "at")
        #expect(delivery.price.micros == 1_500)
        #expect(delivery.report.state(of: "under") == .belowFloor)

        // The same with the bidder's own floor above the placement's.
        var own = H(
            H.placement(.bidding, [H.bidder("at"), H.bidder("under")]) {
                $0.floorMicros = 100
                $0.lineItems[0].floorMicros = 2_000
                $0.lineItems[1].floorMicros = 2_000
            })
        own.start()
        own.fill("under", micros: 1_999)
        own.fill("at", micros: 2_000)
        let winner = try #require(own.delivered.first)
        #expect(winner.lineItemID == "at")
        #expect(winner.report.state(of: "under") == .belowFloor)
    }

    @Test("Waterfall: an item priced exactly at its floor is asked; one micro below is skipped as belowFloor")
    func waterfallItemExactlyAtItsFloorIsAsked() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("under", price: 1_999, floor: 2_000), H.waterfall("at", price: 1_000, floor: 1_000),
                    H.waterfall("placement-floor", price: 800),
                ]
            ) { $0.floorMicros = 800 })
        harness.start()
        #expect(harness.loadedIDs() == ["at"])
        harness.noFill("at")
        #expect(harness.loadedIDs() == ["at", "placement-floor"])
        harness.fill("placement-floor")
        let report = try #require(harness.report)
        #expect(report.state(of: "under") == .belowFloor)
        #expect(report.state(of: "at") == .noFill)
        #expect(report.winner == "placement-floor")
    }
}
