import AdCore

/// What a placement learns across requests about its waterfall: every line item's ``LearnedPrice``, the price a
/// fill without a reported price is booked at, and the waterfall's sort key, with the order it implies.
///
/// The key is the configured price, or for a learned item its expected revenue per request (price estimate × fill
/// rate), so an item that stops filling sinks below one that fills. The order is re-sorted only when a key moved.
struct LearnedRanking: Sendable {
    /// What was learned about each line item (items without learned pricing keep their configured price).
    private(set) var learned: [LearnedPrice]
    /// The price a fill without a reported price is booked at, in micros, by line item.
    private(set) var expected: [Int64]
    /// The waterfall's sort key in micros, by line item.
    private var rank: [Int64]
    /// The waterfall order by ``rank``, valid while `isSorted`.
    private var sorted: [Int] = []
    private var isSorted = false

    init(plan: PlacementPlan) {
        learned = plan.configuredPrices.map { LearnedPrice(initialMicros: $0) }
        expected = plan.configuredPrices
        rank = plan.configuredPrices
    }

    /// A learned item filled at `priceMicros`.
    mutating func observeFill(_ index: Int, priceMicros: Int64, smoothing: Double, at now: AdInstant) {
        learned[index].observeFill(priceMicros: priceMicros, smoothing: smoothing, at: now)
        relearned(index)
    }

    /// A learned item did not fill (no fill, error or timeout).
    mutating func observeMiss(_ index: Int, smoothing: Double, at now: AdInstant) {
        learned[index].observeMiss(smoothing: smoothing, at: now)
        relearned(index)
    }

    /// The waterfall order of the next request (line item indices). With `explore`, the learned item observed
    /// longest ago (or never) goes first, so its estimate does not go stale. An explicit order is kept as written.
    mutating func order(plan: PlacementPlan, explore: Bool) -> [Int] {
        guard !plan.learnedItems.isEmpty, !plan.isExplicitOrder else { return plan.staticOrder }
        if !isSorted {
            sorted = WaterfallOrder.sorted(plan.staticOrder, prices: rank, priorities: plan.priorities)
            isSorted = true
        }
        var order = sorted
        guard explore else { return order }
        var stalest: Int?
        for index in plan.learnedItems {
            guard let current = stalest else {
                stalest = index
                continue
            }
            switch (learned[index].lastObservedAt, learned[current].lastObservedAt) {
            case (nil, .some): stalest = index
            case (.some(let lhs), .some(let rhs)) where lhs < rhs: stalest = index
            default: break
            }
        }
        if let stalest, let position = order.firstIndex(of: stalest) {
            order.remove(at: position)
            order.insert(stalest, at: 0)
        }
        return order
    }

    /// Takes a learned item's new estimates: its price for fills without a reported price, and its rank; the
    /// order is re-sorted only when the rank moved.
    private mutating func relearned(_ index: Int) {
        // Estimates are averages of prices that came from outside: saturating, never a trap (rule R2).
        expected[index] = CheckedConversion.saturatingInt64(learned[index].estimateMicros)
        let newRank = CheckedConversion.saturatingInt64(learned[index].expectedRevenueMicros)
        if newRank != rank[index] {
            rank[index] = newRank
            isSorted = false
        }
    }
}
