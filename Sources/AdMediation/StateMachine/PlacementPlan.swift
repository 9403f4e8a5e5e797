import AdCore

/// What a placement's configuration implies, computed once and shared (by reference) by the state machine, its
/// load instructions, deliveries and reports, so none of them copies the configuration per request.
final class PlacementPlan: Sendable, Equatable {
    let placement: PlacementConfiguration
    let currency: String
    let timeToLive: [Duration?]
    let floors: [Int64]
    let configuredPrices: [Int64]
    let priorities: [Int]
    let bidders: [Int]
    let isLearned: [Bool]
    let isBidder: [Bool]
    let learnedItems: [Int]
    let staticOrder: [Int]
    /// Whether the order is the configuration's explicit one (``PlacementConfiguration/waterfallOrder``): then
    /// learned prices and exploration do not reorder it.
    let isExplicitOrder: Bool
    let tierSize: Int
    /// Whether an item gets its own timer in an auction (bidders whose timeout is shorter than the deadline).
    let timedInAuction: [Bool]
    /// Hot scalars of the configuration, so the decision path never copies the configuration struct.
    let timeouts: [Duration]
    let strategy: PlacementConfiguration.Strategy
    let auctionDeadline: Duration
    let pricing: AuctionPolicy.Pricing
    let smoothing: Double
    let explorationRate: Double
    let preload: Bool
    let retry: RetryPolicy

    init(placement: PlacementConfiguration, currency: String, timeToLive: (ProviderID, AdFormat) -> Duration?) {
        self.placement = placement
        self.currency = currency
        let items = placement.lineItems
        self.timeToLive = items.map { timeToLive($0.providerID, placement.format) }
        floors = items.map { max(placement.floorMicros, $0.floorMicros ?? 0) }
        configuredPrices = items.map {
            if case .waterfall(_, let price, _) = $0.mode { return price }
            return 0
        }
        priorities = items.map {
            if case .waterfall(_, _, let priority) = $0.mode { return priority }
            return 0
        }
        bidders = items.indices.filter { items[$0].isBidder }
        let isLearned = items.map {
            if case .waterfall(.learned, _, _) = $0.mode { return true }
            return false
        }
        self.isLearned = isLearned
        learnedItems = items.indices.filter { isLearned[$0] }
        isBidder = items.map(\.isBidder)
        let byPrice = WaterfallOrder.sorted(
            items.indices.filter { !items[$0].isBidder }, prices: configuredPrices, priorities: priorities)
        isExplicitOrder = placement.waterfallOrder != nil
        staticOrder =
            placement.waterfallOrder.map { WaterfallOrder.explicit($0, of: items, byPrice: byPrice) } ?? byPrice
        // A tier never holds more than the placement's items, whatever the configuration says (R2): the machine
        // reserves a tier's capacity from this number.
        tierSize = min(max(1, placement.parallelTierSize), max(1, items.count))
        timedInAuction = items.map { !$0.isBidder || $0.timeout < placement.auction.deadline }
        timeouts = items.map(\.timeout)
        strategy = placement.strategy
        auctionDeadline = placement.auction.deadline
        pricing = placement.auction.pricing
        smoothing = placement.learning.smoothing
        explorationRate = placement.learning.explorationRate
        preload = placement.preload
        retry = placement.retry
    }

    static func == (lhs: PlacementPlan, rhs: PlacementPlan) -> Bool {
        lhs === rhs || (lhs.placement == rhs.placement && lhs.currency == rhs.currency)
    }
}
