import AdCore
import AdMediation

/// `adbench mediation`: the decision overhead of one request for a hybrid placement with 20 line items (10 bidders,
/// 10 waterfall items, two of them learned), excluding provider work: the state machine is fed the providers'
/// answers directly (every bid, then a no-fill and a fill in the waterfall), builds the report and hands the ad out.
///
/// Baseline, measured in the same run: sorting the same 20 items by price (then priority, then index).
enum MediationBenchmark {
    static let benchmark = Benchmark(
        name: "mediation",
        abstract: "Decision overhead per request: hybrid placement, 20 line items (10 bidders, 10 waterfall)."
    ) {
        try run()
    }

    private static let requests = 2_000
    private static let samples = 41
    private static let itemCount = 20

    /// The driver's side of the benchmark: feeds answers to the machine, reusing its buffers.
    struct Driver {
        var machine: MediationStateMachine
        let isBidder: [Bool]
        let bids: [[Int64]]
        var now = AdInstant.zero
        var delivered = 0
        var pending: [Int] = []
        var actions: [MediationStateMachine.Action] = []
        let context = MediationContext()
        let noFill = AdError(.noFill, "No ad.")

        init(placement: PlacementConfiguration, bids: [[Int64]]) {
            machine = MediationStateMachine(placement: placement)
            isBidder = placement.lineItems.map(\.isBidder)
            self.bids = bids
            pending.reserveCapacity(32)
            actions.reserveCapacity(64)
        }

        mutating func oneRequest(_ round: Int) {
            let prices = bids[round & 63]
            var waterfallAnswers = 0
            machine.startRequest(at: now, context: context, into: &actions)
            collect()
            while let index = pending.popLast() {
                now = now.advanced(by: .milliseconds(1))
                if isBidder[index] {
                    let fill = LineItemFill(price: Revenue(micros: prices[index], currency: "USD", precision: .exact))
                    machine.itemLoaded(index, fill: fill, at: now, into: &actions)
                } else {
                    waterfallAnswers += 1
                    if waterfallAnswers == 1 {
                        machine.itemFailed(index, error: noFill, at: now, into: &actions)
                    } else {
                        machine.itemLoaded(index, fill: LineItemFill(price: nil), at: now, into: &actions)
                    }
                }
                collect()
            }
            let take = machine.take(at: now, context: context)
            if case .success(let delivery) = take.result {
                delivered += 1
                machine.adShown(at: now)
                _ = machine.revenue(of: delivery, at: now)
            }
            now = now.advanced(by: .seconds(1))
        }

        private mutating func collect() {
            for action in actions {
                if case .load(let load) = action { pending.append(load.index) }
            }
            actions.removeAll(keepingCapacity: true)
        }
    }

    /// The baseline: sort the same 20 items by price, then priority, then index.
    private struct Sorter {
        let isBidder: [Bool]
        let basePrices: [Int64]
        let priorities: [Int]
        let bids: [[Int64]]
        var keys: [(price: Int64, priority: Int, index: Int)] = []
        var sink = 0

        mutating func oneSort(_ round: Int) {
            let prices = bids[round & 63]
            keys.removeAll(keepingCapacity: true)
            for index in 0..<isBidder.count {
                keys.append((isBidder[index] ? prices[index] : basePrices[index], priorities[index], index))
            }
            keys.sort { ($0.price, -$0.priority, -$0.index) > ($1.price, -$1.priority, -$1.index) }
            sink &+= keys[0].index
        }
    }

    /// A hybrid placement of `itemCount` line items (half bidders, half waterfall, some learned) and 64 rounds of
    /// bids for them.
    static func placement(itemCount: Int) -> (PlacementConfiguration, [[Int64]]) {
        var items: [LineItemConfiguration] = []
        for index in 0..<itemCount {
            let id = "item-\(index)"
            let provider = ProviderID("p\(index % 3)")
            if index % 2 == 0 {
                items.append(LineItemConfiguration(id: id, providerID: provider, adUnitID: "u\(index)", mode: .bidder))
            } else {
                let pricing: LineItemConfiguration.Pricing = index % 5 == 0 ? .learned : .fixed
                items.append(
                    LineItemConfiguration(
                        id: id, providerID: provider, adUnitID: "u\(index)",
                        mode: .waterfall(pricing: pricing, priceMicros: Int64(500 + index * 400), priority: index % 4)))
            }
        }
        let placement = PlacementConfiguration(
            id: "bench", format: .interstitial, strategy: .hybrid, lineItems: items, floorMicros: 300,
            auction: AuctionPolicy(deadline: .seconds(2), pricing: .secondPrice), retry: RetryPolicy(maxAttempts: 0))
        var random = SeededRandom(seed: 11)
        let bids: [[Int64]] = (0..<64).map { _ in
            (0..<itemCount).map { _ in Int64.random(in: 200...8_000, using: &random) }
        }
        return (placement, bids)
    }

    private static func run() throws -> BenchmarkResult {
        let (placement, bids) = placement(itemCount: itemCount)
        let items = placement.lineItems
        var driver = Driver(placement: placement, bids: bids)
        var sorter = Sorter(
            isBidder: items.map(\.isBidder),
            basePrices: items.map {
                if case .waterfall(_, let price, _) = $0.mode { return price }
                return 0
            },
            priorities: items.map {
                if case .waterfall(_, _, let priority) = $0.mode { return priority }
                return 0
            }, bids: bids)
        sorter.keys.reserveCapacity(itemCount)

        for round in 0..<requests {
            driver.oneRequest(round)
            sorter.oneSort(round)
        }
        var decisionSamples: [Double] = []
        var sortSamples: [Double] = []
        for _ in 0..<samples {
            decisionSamples.append(
                Stopwatch.microseconds { for round in 0..<requests { driver.oneRequest(round) } } / Double(requests))
            sortSamples.append(
                Stopwatch.microseconds { for round in 0..<requests { sorter.oneSort(round) } } / Double(requests))
        }
        let expected = requests * (samples + 1)
        guard driver.delivered == expected, sorter.sink >= 0 else {
            throw AdError(.internal, "The benchmark delivered \(driver.delivered) ads for \(expected) requests.")
        }
        let value = Stopwatch.median(decisionSamples)
        let baseline = Stopwatch.median(sortSamples)
        print("placement: \(itemCount) line items (10 bidders, 10 waterfall), hybrid, second price")
        print("per decision: median \(value) us over \(samples) x \(requests) requests (goal: <= 5 us)")
        print("sorting the same 20 items by price: median \(baseline) us")
        return BenchmarkResult(name: "mediation", value: value, unit: "us", baseline: baseline)
    }
}
