import AdCore
import AdMediation
import Testing

@Suite("Strategies: waterfall, bidding, hybrid (state machine in virtual time)")
struct StrategyTests {
    typealias H = MachineHarness

    @Test("Waterfall: items are tried one at a time by price, then priority (lower first)")
    func waterfallOrderByPriceThenPriority() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("cheap", price: 1_000), H.waterfall("rich-b", price: 5_000, priority: 2),
                    H.waterfall("rich-a", price: 5_000, priority: 1),
                ]))
        harness.start()
        #expect(harness.loadedIDs() == ["rich-a"])
        harness.noFill("rich-a")
        #expect(harness.loadedIDs() == ["rich-a", "rich-b"])
        harness.noFill("rich-b")
        harness.fill("cheap")
        #expect(harness.loadedIDs() == ["rich-a", "rich-b", "cheap"])
        let report = try #require(harness.report)
        #expect(report.winner == "cheap")
        #expect(report.price == Revenue(micros: 1_000, currency: "USD", precision: .publisherDefined))
        #expect(report.state(of: "rich-a") == .noFill)
    }

    @Test("C7: a waterfall item that never answers times out after its own timeout and the next item is tried")
    func c7_silentItemTimesOutAndNextIsTried() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [H.waterfall("silent", price: 5_000, timeout: .seconds(3)), H.waterfall("next", price: 1_000)]))
        harness.start()
        harness.advance(by: .milliseconds(2_999))
        #expect(harness.loadedIDs() == ["silent"])
        harness.advance(by: .milliseconds(1))
        #expect(harness.loadedIDs() == ["silent", "next"])
        #expect(harness.discarded.contains(harness.index("silent")))
        harness.fill("silent")  // late: discarded, never delivered
        harness.advance(by: .seconds(1))
        harness.fill("next")
        let report = try #require(harness.report)
        #expect(report.winner == "next")
        #expect(report.state(of: "silent") == .timeout)
        #expect(report.item("silent")?.latency == .seconds(3))
        #expect(report.item("silent")?.error?.code == .timeout)
        #expect(report.item("next")?.latency == .seconds(1))
    }

    @Test("Waterfall: a provider error (not a no fill) moves on to the next item, and the report keeps the error")
    func waterfallMovesOnAfterProviderError() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("broken", price: 5_000), H.waterfall("middle", price: 3_000),
                    H.waterfall("last", price: 1_000),
                ]))
        harness.start()
        harness.advance(by: .milliseconds(120))
        harness.fail("broken", AdError(.network, "connection reset"))
        #expect(harness.loadedIDs() == ["broken", "middle"])
        #expect(harness.discarded.contains(harness.index("broken")))
        harness.fail("middle", AdError(.invalidResponse, "garbage"))
        #expect(harness.loadedIDs() == ["broken", "middle", "last"])
        harness.fill("last")
        let report = try #require(harness.report)
        #expect(report.winner == "last")
        #expect(report.state(of: "broken") == .error)
        #expect(report.item("broken")?.error?.code == .network)
        #expect(report.item("broken")?.latency == .milliseconds(120))
        #expect(report.state(of: "middle") == .error)
        #expect(report.item("middle")?.error?.code == .invalidResponse)
    }

    @Test("Bidding: every bidder is asked at once; late bids after the auction deadline are ignored")
    func lateBidsAfterDeadlineAreIgnored() throws {
        var harness = H(
            H.placement(.bidding, [H.bidder("fast"), H.bidder("slow")]) {
                $0.auction = AuctionPolicy(deadline: .seconds(2), pricing: .firstPrice)
            })
        harness.start()
        #expect(harness.loadedIDs() == ["fast", "slow"])
        harness.advance(by: .milliseconds(500))
        harness.fill("fast", micros: 2_000)
        #expect(harness.delivered.isEmpty)  // waits for the other bidder or the deadline
        harness.advance(by: .milliseconds(1_500))
        harness.advance(by: .milliseconds(100))
        harness.fill("slow", micros: 9_000)  // a better bid, but too late
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "fast")
        #expect(delivery.price.micros == 2_000)
        #expect(delivery.report.state(of: "slow") == .timeout)
        #expect(delivery.report.item("slow")?.didBid == false)
        #expect(delivery.report.item("fast")?.didBid == true)
        #expect(harness.delivered.count == 1)
        #expect(harness.discarded.contains(harness.index("slow")))
    }

    @Test("Bidding: bids below the floor lose; with no valid bid the request fails with noFill")
    func floors() throws {
        var harness = H(
            H.placement(.bidding, [H.bidder("low"), H.bidder("lower")]) { $0.floorMicros = 1_500 })
        harness.start()
        harness.fill("low", micros: 1_499)
        harness.fill("lower", micros: 200)
        let report = try #require(harness.failures.first)
        #expect(report.state(of: "low") == .belowFloor)
        #expect(report.state(of: "lower") == .belowFloor)
        #expect(report.error?.code == .noFill)
        #expect(harness.delivered.isEmpty)
    }

    @Test("Bidding: an item's own floor applies on top of the placement's; waterfall items priced below are skipped")
    func itemFloors() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [
                    H.bidder("bid"), H.waterfall("under", price: 900, floor: 1_000),
                    H.waterfall("ok", price: 800),
                ]
            ) { $0.floorMicros = 500 })
        harness.start()
        harness.fill("bid", micros: 400)
        #expect(harness.loadedIDs() == ["bid", "ok"])
        harness.fill("ok")
        let report = try #require(harness.report)
        #expect(report.state(of: "bid") == .belowFloor)
        #expect(report.state(of: "under") == .belowFloor)
        #expect(report.winner == "ok")
    }

    @Test("Bidding: equal bids go to the bidder listed first, whatever the order of answers")
    func tiesGoToTheFirstListedBidder() throws {
        for answerOrder in [["b", "a"], ["a", "b"]] {
            var harness = H(H.placement(.bidding, [H.bidder("a"), H.bidder("b")]))
            harness.start()
            for id in answerOrder { harness.fill(id, micros: 3_000) }
            let delivery = try #require(harness.delivered.first)
            #expect(delivery.lineItemID == "a")
            #expect(delivery.report.state(of: "b") == .outbid)
        }
    }

    @Test("Second price: the winner pays the second bid, or the floor when alone, never more than its bid")
    func secondPrice() throws {
        var harness = H(
            H.placement(.bidding, [H.bidder("a"), H.bidder("b"), H.bidder("c")]) {
                $0.auction.pricing = .secondPrice
                $0.floorMicros = 1_000
            })
        harness.start()
        harness.fill("a", micros: 4_000)
        harness.fill("b", micros: 2_500)
        harness.fill("c", micros: 900)
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "a")
        #expect(delivery.price.micros == 2_500)

        var alone = H(
            H.placement(.bidding, [H.bidder("a"), H.bidder("b")]) {
                $0.auction.pricing = .secondPrice
                $0.floorMicros = 1_000
            })
        alone.start()
        alone.fill("a", micros: 4_000)
        alone.noFill("b")
        #expect(alone.delivered.first?.price.micros == 1_000)

        var first = H(H.placement(.bidding, [H.bidder("a"), H.bidder("b")]))
        first.start()
        first.fill("a", micros: 4_000)
        first.fill("b", micros: 2_500)
        #expect(first.delivered.first?.price.micros == 4_000)
    }

    @Test("Hybrid: the winning bid takes its place in the waterfall by price")
    func hybridBidTakesItsPlace() throws {
        let items = [
            H.bidder("bid"), H.waterfall("high", price: 6_000), H.waterfall("mid", price: 4_000),
            H.waterfall("low", price: 1_000),
        ]
        var harness = H(H.placement(.hybrid, items))
        harness.start()
        #expect(harness.loadedIDs() == ["bid"])
        harness.fill("bid", micros: 3_000)
        #expect(harness.loadedIDs() == ["bid", "high"])
        harness.noFill("high")
        harness.noFill("mid")
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "bid")
        #expect(delivery.report.state(of: "low") == .notAttempted)
        #expect(delivery.report.state(of: "mid") == .noFill)

        var beaten = H(H.placement(.hybrid, items))
        beaten.start()
        beaten.fill("bid", micros: 3_000)
        beaten.noFill("high")
        beaten.fill("mid")
        let winner = try #require(beaten.delivered.first)
        #expect(winner.lineItemID == "mid")
        #expect(winner.report.state(of: "bid") == .outbid)
        #expect(beaten.discarded.contains(beaten.index("bid")))
    }

    @Test("Hybrid: parallel tiers ask several items at once; the best placed filled item wins")
    func parallelTiers() throws {
        var harness = H(
            H.placement(
                .waterfall,
                [
                    H.waterfall("a", price: 5_000), H.waterfall("b", price: 4_000), H.waterfall("c", price: 3_000),
                    H.waterfall("d", price: 2_000),
                ]
            ) { $0.parallelTierSize = 2 })
        harness.start()
        #expect(harness.loadedIDs() == ["a", "b"])
        harness.fill("b")
        #expect(harness.delivered.isEmpty)  // a, placed above b, may still fill
        harness.noFill("a")
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "b")
        #expect(delivery.report.state(of: "c") == .notAttempted)
    }

    @Test("Y18: a fill whose creative another placement holds is excluded and the next item is tried")
    func y18_excludedCreativeIsSkipped() throws {
        var harness = H(H.placement(.waterfall, [H.waterfall("a", price: 5_000), H.waterfall("b", price: 1_000)]))
        harness.start()
        harness.fill("a", creative: "cr-1", excluded: true)
        #expect(harness.loadedIDs() == ["a", "b"])
        harness.fill("b", creative: "cr-2")
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.creativeIDs == ["cr-2"])
        #expect(delivery.report.state(of: "a") == .excludedCreative)
    }

    @Test("A request while one runs, or while an ad is ready, starts nothing")
    func noDoubleRequests() {
        var harness = H(H.placement(.waterfall, [H.waterfall("a", price: 5_000)]))
        harness.start()
        harness.start()
        #expect(harness.loadedIDs() == ["a"])
        harness.fill("a")
        harness.start()
        #expect(harness.loadedIDs() == ["a"])
        #expect(harness.machine.requestCount == 1)
    }

    @Test("Bad provider answers: a bid without a price or in another currency is an error and the auction goes on")
    func badBids() throws {
        var harness = H(H.placement(.hybrid, [H.bidder("mute"), H.bidder("euro"), H.waterfall("w", price: 700)]))
        harness.start()
        harness.fill("mute")
        harness.apply(
            harness.machine.itemLoaded(
                harness.index("euro"),
                fill: LineItemFill(price: Revenue(micros: 9_000, currency: "EUR", precision: .exact)), at: harness.now))
        // No valid bid: the hybrid request is a plain waterfall.
        #expect(harness.loadedIDs() == ["mute", "euro", "w"])
        harness.fill("w")
        let report = try #require(harness.report)
        #expect(report.state(of: "mute") == .error)
        #expect(report.item("mute")?.error?.message.contains("without a price") == true)
        #expect(report.state(of: "euro") == .error)
        #expect(report.item("euro")?.error?.message.contains("EUR") == true)
        #expect(report.winner == "w")
    }

    @Test("Hybrid with parallel tiers: the items priced above the bid are asked together, never those below it")
    func hybridTiers() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [
                    H.bidder("bid"), H.waterfall("a", price: 6_000), H.waterfall("b", price: 4_000),
                    H.waterfall("c", price: 2_000),
                ]
            ) { $0.parallelTierSize = 3 })
        harness.start()
        harness.fill("bid", micros: 3_000)
        #expect(harness.loadedIDs() == ["bid", "a", "b"])
        harness.noFill("a")
        harness.noFill("b")
        let delivery = try #require(harness.delivered.first)
        #expect(delivery.lineItemID == "bid")
        #expect(delivery.price == Revenue(micros: 3_000, currency: "USD", precision: .exact))
        #expect(delivery.report.state(of: "c") == .notAttempted)
    }
}
