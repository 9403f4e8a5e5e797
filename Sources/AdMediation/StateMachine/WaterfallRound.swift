/// The waterfall of a waterfall or hybrid request: the order it asks line items in, how far down it has gone,
/// the tier loading now, and in a hybrid request the auction's winning bid waiting for its turn.
///
/// ```swift
/// if case .waterfall(let round) = machine.state {
///     print("asking", round.tier, "next:", round.order.dropFirst(round.position))
/// }
/// ```
public struct WaterfallRound: Sendable, Equatable {
    /// The order the waterfall asks line items in (indices into the placement's line items).
    public let order: [Int]
    /// How far down ``order`` the waterfall has gone: the next item considered is `order[position]`.
    public private(set) var position = 0
    /// The tier asked now, in waterfall order: its first filled item wins once every item placed before it
    /// has answered.
    public private(set) var tier: [Int] = []
    /// The auction's winner in a hybrid request, delivered when no waterfall item priced above it fills.
    let winningBid: WinningBid?

    /// A round asking its tiers in `buffer`'s storage (the last round's tier, emptied; `buffer` is left empty),
    /// so that a request's waterfall allocates nothing once the machine has a buffer.
    init(order: [Int], winningBid: WinningBid?, buffer: inout [Int]) {
        self.order = order
        self.winningBid = winningBid
        swap(&tier, &buffer)
        tier.removeAll(keepingCapacity: true)
    }

    /// How the tier stands after an answer.
    enum Resolution: Equatable {
        /// An item placed before every filled one is still loading: it may still fill.
        case waiting
        /// Every item answered and none filled: the next tier comes.
        case exhausted
        /// This item filled and every item placed before it answered without an ad.
        case won(Int)
    }

    /// Moves down the order to the next tier: up to the plan's tier size of items, skipping items priced at or
    /// below the winning bid and marking items priced below their floor. `false` when the order is exhausted.
    mutating func nextTier(plan: PlacementPlan, expected: [Int64], outcomes: inout [ItemOutcome]) -> Bool {
        tier.removeAll(keepingCapacity: true)
        while position < order.count && tier.count < plan.tierSize {
            let index = order[position]
            let price = expected[index]
            position += 1
            // A winning bid is in hand: only items priced strictly above it are worth asking. The order is by rank,
            // not by price, so a learned item priced above the bid may come after one priced below it.
            if let winningBid, price <= winningBid.clearingMicros { continue }
            if price < plan.floors[index] {
                outcomes[index].state = .belowFloor
                continue
            }
            tier.append(index)
        }
        return !tier.isEmpty
    }

    /// Where the tier stands given the items' outcomes.
    func resolution(outcomes: [ItemOutcome]) -> Resolution {
        for index in tier {
            let state = outcomes[index].state
            if state == .loading { return .waiting }  // an item placed earlier may still fill
            if state == .filled { return .won(index) }
        }
        return .exhausted
    }
}
