public import AdCore

/// The auction of a bidding or hybrid request, while its bids come in: how many are outstanding, the deadline
/// after which later ones are ignored, and the waterfall order a hybrid request continues with.
///
/// ```swift
/// if case .auction(let round) = machine.state {
///     print(round.outstandingBids, "bids outstanding until", round.deadline)
/// }
/// ```
public struct AuctionRound: Sendable, Equatable {
    /// When the auction ends: bidders that have not bid by then time out, and later bids are discarded.
    public let deadline: AdInstant
    /// How many bidders have not answered yet.
    public private(set) var outstandingBids: Int
    /// The waterfall order (line item indices) a hybrid request continues with after the auction.
    let waterfallOrder: [Int]

    init(bidders: Int, deadline: AdInstant, waterfallOrder: [Int]) {
        self.deadline = deadline
        outstandingBids = bidders
        self.waterfallOrder = waterfallOrder
    }

    /// A bidder answered (a bid, a failure or a dropped bid); `true` once every bidder has.
    mutating func bidderAnswered() -> Bool {
        outstandingBids -= 1
        return outstandingBids <= 0
    }

    /// The auction's result from the bids received: the highest bid wins, ties go to the bidder listed first;
    /// first price pays the bid, second price the next bid or the winner's floor (never more than the bid).
    /// `nil` when no bidder filled.
    func winningBid(plan: PlacementPlan, outcomes: [ItemOutcome]) -> WinningBid? {
        var winner: Int?
        var best: Int64 = 0
        var second: Int64?
        for index in plan.bidders where outcomes[index].state == .filled {
            let micros = outcomes[index].priceMicros ?? 0
            if winner != nil {
                if micros > best {
                    second = max(second ?? best, best)
                    winner = index
                    best = micros
                } else {
                    second = max(second ?? micros, micros)
                }
            } else {
                winner = index
                best = micros
            }
        }
        guard let winner else { return nil }
        let floor = plan.floors[winner]
        let clearing =
            switch plan.pricing {
            case .firstPrice: best
            case .secondPrice: min(best, max(second ?? floor, floor))
            }
        return WinningBid(index: winner, clearingMicros: clearing)
    }
}

/// The auction's winner: which bidder, and the price it clears at in micros. In a hybrid request it waits for
/// its waterfall turn: only waterfall items priced strictly above it are asked.
struct WinningBid: Sendable, Equatable {
    /// The winning bidder's line item index.
    let index: Int
    /// What the winner pays per impression, in micros (its bid, or the second price).
    let clearingMicros: Int64

    /// The clearing price, in the precision the bidder reported its bid with.
    func price(plan: PlacementPlan, outcomes: [ItemOutcome]) -> Revenue {
        Revenue(
            micros: clearingMicros, currency: plan.currency, precision: outcomes[index].pricePrecision ?? .exact)
    }
}
