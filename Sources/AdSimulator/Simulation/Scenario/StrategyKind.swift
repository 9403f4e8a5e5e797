/// What a strategy does to the app's placements, in terms of what `AdMediation` runs
/// (``StrategyVariant/configuration(from:market:bidders:)`` applies it):
///
/// | kind | placements become |
/// |---|---|
/// | `configured` | as the app's configuration has them (its own waterfall, bidding or hybrid set-up) |
/// | `priceSortedWaterfall` | `waterfall`; every line item a fixed-price waterfall item priced at its market median price, priority 0, so the order follows the market's prices |
/// | `firstPriceBidding` | `bidding`; every line item a bidder; `auction.pricing` `firstPrice` |
/// | `secondPriceBidding` | `bidding`; every line item a bidder; `auction.pricing` `secondPrice` |
/// | `hybrid` | `hybrid`: the configured bidders bid first, the winning bid takes its place among the waterfall items |
/// | `learnedPrices` | the configured strategy, every waterfall item `pricing: learned` (starting at its configured price) |
///
/// ```swift
/// let kind = StrategyKind(rawValue: "secondPriceBidding")   // .secondPriceBidding
/// ```
public enum StrategyKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// The placements as configured.
    case configured
    /// A waterfall sorted by the market's median prices.
    case priceSortedWaterfall
    /// Every line item bids; the winner pays its bid.
    case firstPriceBidding
    /// Every line item bids; the winner pays the second-highest bid (or the floor).
    case secondPriceBidding
    /// Configured bidders first, then the waterfall items priced above the winning bid.
    case hybrid
    /// Waterfall items ranked by learned expected revenue (price estimate × fill rate).
    case learnedPrices

    /// The kinds' names, as the JSON writes them, for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
