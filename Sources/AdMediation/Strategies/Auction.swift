/// Resolves a sealed-bid auction: the highest valid bid wins; ties go to the bidder listed first in the
/// configuration; second price pays the next valid bid (or the floor when the winner is alone), never more than
/// its own bid and never less than the floor.
///
/// ```swift
/// let outcome = Auction.resolve(bids: [(0, 4_000), (1, 3_000)], floor: 1_000, pricing: .secondPrice)
/// // outcome?.winner == 0, outcome?.clearingMicros == 3_000
/// ```
public enum Auction {
    /// The auction's result: the winning line item's index and what it pays, in micros.
    ///
    /// ```swift
    /// if let outcome { print(outcome.winner, outcome.clearingMicros) }
    /// ```
    public struct Outcome: Sendable, Hashable {
        /// The winning line item's index in the placement's configuration.
        public var winner: Int
        /// The winning bid.
        public var bidMicros: Int64
        /// What the winner pays.
        public var clearingMicros: Int64
    }

    /// Resolves bids given as `(line item index, price in micros)`, every one already at or above its floor.
    ///
    /// - Parameters:
    ///   - bids: the valid bids, in any order.
    ///   - floor: the winner's floor, the lowest second price.
    ///   - pricing: first or second price.
    /// - Returns: the outcome, or `nil` when there is no bid.
    public static func resolve(
        bids: [(index: Int, micros: Int64)], floor: Int64, pricing: AuctionPolicy.Pricing
    ) -> Outcome? {
        var best: (index: Int, micros: Int64)?
        var second: Int64?
        for bid in bids {
            guard let current = best else {
                best = bid
                continue
            }
            if bid.micros > current.micros || (bid.micros == current.micros && bid.index < current.index) {
                second = max(second ?? current.micros, current.micros)
                best = bid
            } else {
                second = max(second ?? bid.micros, bid.micros)
            }
        }
        guard let best else { return nil }
        switch pricing {
        case .firstPrice:
            return Outcome(winner: best.index, bidMicros: best.micros, clearingMicros: best.micros)
        case .secondPrice:
            let clearing = min(best.micros, max(second ?? floor, floor))
            return Outcome(winner: best.index, bidMicros: best.micros, clearingMicros: clearing)
        }
    }
}
