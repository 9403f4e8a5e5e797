import AdCore
import AdMediation
import Testing

@Suite("Learned prices: the waterfall ranks learned items by expected revenue (state machine in virtual time)")
struct LearnedOrderingTests {
    typealias H = MachineHarness

    /// Runs one request in which every item asked answers as `answers` says (a price in micros fills, `nil`
    /// misses) until the request ends, then takes the ad if there is one. Returns the items asked, in order.
    private func round(_ harness: inout H, _ answers: [String: Int64?]) -> [String] {
        let before = harness.loads.count
        harness.start()
        for _ in 0..<harness.machine.placement.lineItems.count where harness.machine.isLoading {
            let id = harness.loadedIDs()[harness.loads.count - 1]
            guard let answer = answers[id] else { break }
            if let micros = answer { harness.fill(id, micros: micros) } else { harness.noFill(id) }
            if harness.machine.readyAd != nil { _ = harness.take() }
        }
        harness.advance(by: .seconds(60))
        return Array(harness.loadedIDs()[before...])
    }

    @Test("Learned prices: the fill rate falls after every miss and rises after every fill; misses keep the price")
    func fillRateFallsAfterMissesAndRisesAfterFills() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 3_000, learned: true)]) {
                $0.learning = LearningPolicy(smoothing: 0.5)
            })
        var rates: [Double] = []
        for answer: Int64? in [nil, nil, nil, 4_000, 4_000] {
            _ = round(&harness, ["a": answer])
            rates.append(try #require(harness.machine.learnedPrices["a"]).fillRate)
        }
        #expect(rates == [0.5, 0.25, 0.125, 0.5625, 0.78125])
        let learned = try #require(harness.machine.learnedPrices["a"])
        #expect(learned.estimateMicros == 3_750)  // 3 000 → 3 500 → 3 750: only fills move the price
        #expect(learned.expectedRevenueMicros == 3_750 * 0.78125)
        #expect(learned.observations == 5)
    }

    @Test("Learned prices: an item that keeps missing drops below a cheaper item that fills")
    func missingItemDropsBelowCheaperItemThatFills() throws {
        // The probe from the review: an item learned at $3.00 that stops filling used to stay first forever.
        var harness = H(
            H.placement(
                .waterfall, [H.waterfall("rich", price: 3_000, learned: true), H.waterfall("cheap", price: 2_000)]))
        // Smoothing 0.3: the fill rate of "rich" goes 1 → 0.7 (rank 2 100, still first) → 0.49 (rank 1 470).
        #expect(round(&harness, ["rich": nil, "cheap": 2_000]) == ["rich", "cheap"])
        #expect(harness.machine.waterfallOrder == ["rich", "cheap"])
        #expect(round(&harness, ["rich": nil, "cheap": 2_000]) == ["rich", "cheap"])
        #expect(harness.machine.waterfallOrder == ["cheap", "rich"])
        for _ in 0..<30 {
            #expect(round(&harness, ["rich": nil, "cheap": 2_000]) == ["cheap"])
        }
        #expect(harness.delivered.map(\.lineItemID) == Array(repeating: "cheap", count: 32))
        let rich = try #require(harness.machine.learnedPrices["rich"])
        #expect(rich.estimateMicros == 3_000)
        #expect(abs(rich.fillRate - 0.49) < 1e-9)
        // When the cheap item stops filling, the rich one is asked next and climbs back as it fills.
        #expect(round(&harness, ["rich": 3_000, "cheap": nil]) == ["cheap", "rich"])
        #expect(round(&harness, ["rich": 3_000, "cheap": nil]) == ["cheap", "rich"])
        #expect(harness.machine.waterfallOrder == ["rich", "cheap"])  // fill rate 0.75: rank 2 250
    }

    @Test("Learned prices: floors compare the price estimate, not the expected revenue")
    func floorsCompareThePriceEstimate() throws {
        var harness = H(
            H.placement(.waterfall, [H.waterfall("a", price: 3_000, learned: true, floor: 1_000)]) {
                $0.learning = LearningPolicy(smoothing: 0.5)
            })
        for _ in 0..<4 { _ = round(&harness, ["a": nil]) }
        let missed = try #require(harness.machine.learnedPrices["a"])
        #expect(missed.expectedRevenueMicros < 1_000)  // rank 187.5, far below the floor...
        #expect(round(&harness, ["a": nil]) == ["a"])  // ...but the price, 3 000, is not: still asked
        #expect(harness.report?.state(of: "a") == .noFill)

        // Fills below the floor pull the price estimate under it (3 000 → 1 750 → 1 125 → 812.5): then it is
        // skipped by price, without being asked.
        for _ in 0..<3 { #expect(round(&harness, ["a": 500]) == ["a"]) }
        #expect(harness.report?.state(of: "a") == .belowFloor)
        #expect(round(&harness, ["a": 500]) == [])
        #expect(harness.report?.state(of: "a") == .belowFloor)
    }

    @Test("Learned prices, hybrid: an item priced above the bid is asked even when it ranks below a cheaper one")
    func hybridAsksItemsPricedAboveTheBidWhateverTheirRank() throws {
        var harness = H(
            H.placement(
                .hybrid,
                [H.bidder("bid"), H.waterfall("rich", price: 5_000, learned: true), H.waterfall("cheap", price: 2_000)]
            ) { $0.learning = LearningPolicy(smoothing: 0.5) })
        // No bid: a plain waterfall. "rich" misses twice: fill rate 0.25, rank 1 250, below "cheap" (2 000).
        #expect(round(&harness, ["bid": nil, "rich": nil, "cheap": 2_000]) == ["bid", "rich", "cheap"])
        #expect(round(&harness, ["bid": nil, "rich": nil, "cheap": 2_000]) == ["bid", "rich", "cheap"])
        #expect(harness.machine.waterfallOrder == ["cheap", "rich"])
        // A 3 000 bid: "cheap" is not worth asking, "rich" (priced 5 000) is, although it ranks after "cheap".
        #expect(round(&harness, ["bid": 3_000, "rich": nil, "cheap": 2_000]) == ["bid", "rich"])
        let report = try #require(harness.report)
        #expect(report.winner == "bid")
        #expect(report.state(of: "cheap") == .notAttempted)
        #expect(report.state(of: "rich") == .noFill)
    }
}
