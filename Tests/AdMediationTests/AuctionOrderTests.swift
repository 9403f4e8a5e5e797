import AdCore
import AdMediation
import Testing

/// Ties and orderings of an auction and a waterfall, pinned in every order of the line items: which bid wins, what
/// the winner pays under first and second price, and which of equal waterfall items is asked first.
@Suite("Auctions and waterfalls: ties and orders")
struct AuctionOrderTests {
    typealias H = MachineHarness

    /// Every order of a list.
    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[T]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// Four bids above a 1,000 floor and one below it, listed in every order.
    static let bidOrders: [[Int64]] = permutations([4_000, 3_000, 2_500, 1_500] as [Int64]).map { $0 + [900] }

    @Test(
        "Second price with four bids above the floor, in every order: the highest wins and pays the second highest",
        arguments: bidOrders)
    func secondPriceManyBids(bids: [Int64]) throws {
        let ids = bids.indices.map { "b\($0)" }
        var harness = H(
            H.placement(.bidding, ids.map { H.bidder($0) }) {
                $0.auction.pricing = .secondPrice
                $0.floorMicros = 1_000
            })
        harness.start()
        for (id, micros) in zip(ids, bids) { harness.fill(id, micros: micros) }
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == ids[try #require(bids.firstIndex(of: 4_000))])
        #expect(delivery.price.micros == 3_000)
        // Every other bid is outbid; the one under the floor is refused by the floor, not outbid.
        let below = ids[try #require(bids.firstIndex(of: 900))]
        #expect(delivery.report.state(of: below) == .belowFloor)
        #expect(
            ids.filter { $0 != delivery.lineItemID && $0 != below }.allSatisfy {
                delivery.report.state(of: $0) == .outbid
            })
    }

    @Test("First price with four bids, in every order: the highest wins and pays its own bid", arguments: bidOrders)
    func firstPriceManyBids(bids: [Int64]) throws {
        let ids = bids.indices.map { "b\($0)" }
        var harness = H(H.placement(.bidding, ids.map { H.bidder($0) }) { $0.floorMicros = 1_000 })
        harness.start()
        for (id, micros) in zip(ids, bids) { harness.fill(id, micros: micros) }
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.price.micros == 4_000)
    }

    @Test("Second price, two bids tied at the top: the first listed wins and pays the tied bid", arguments: [0, 1, 2])
    func secondPriceTieAtTop(position: Int) throws {
        var bids: [Int64] = [2_000, 2_000]
        bids.insert(5_000, at: position)
        bids.insert(5_000, at: position + 1)
        let ids = bids.indices.map { "b\($0)" }
        var harness = H(H.placement(.bidding, ids.map { H.bidder($0) }) { $0.auction.pricing = .secondPrice })
        harness.start()
        for (id, micros) in zip(ids, bids).reversed() { harness.fill(id, micros: micros) }
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == ids[position])
        #expect(delivery.price.micros == 5_000)
    }

    @Test(
        "Waterfall: items of equal price and priority are asked in configuration order, whatever that order is",
        arguments: permutations(["x", "y", "z"]))
    func equalItemsInConfigurationOrder(order: [String]) {
        var harness = H(H.placement(.waterfall, order.map { H.waterfall($0, price: 2_000, priority: 1) }))
        harness.start()
        #expect(harness.loadedIDs() == [order[0]])
        harness.noFill(order[0])
        #expect(harness.loadedIDs() == [order[0], order[1]])
        harness.noFill(order[1])
        #expect(harness.loadedIDs() == order)
    }

    @Test("Waterfall: price first, then the lower priority, then configuration order")
    func priceThenPriorityThenOrder() {
        let items = [
            H.waterfall("cheap", price: 1_000, priority: 0), H.waterfall("late", price: 3_000, priority: 2),
            H.waterfall("early", price: 3_000, priority: 1), H.waterfall("second", price: 3_000, priority: 1),
            H.waterfall("top", price: 3_001, priority: 9),
        ]
        var harness = H(H.placement(.waterfall, items))
        harness.start()
        for id in ["top", "early", "second", "late"] { harness.noFill(id) }
        #expect(harness.loadedIDs() == ["top", "early", "second", "late", "cheap"])
    }
}
