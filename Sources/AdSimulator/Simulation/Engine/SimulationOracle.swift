@_spi(AdBridgeInternal) import AdCore

/// The best possible outcome of one request, on the same draws every strategy meets: among every line item of the
/// placement in the market (whatever a strategy does with them), the highest price of those that would fill, with
/// that item's latency alone (no waterfall, no deadline, no floor). Ties go to the faster item.
///
/// ```swift
/// let oracle = SimulationOracle(market: market)
/// if let best = oracle.best(placement: "feed-native", user: 3, request: SimulatedAdServer.requestKey(opportunity: 0, attempt: 0)) {
///     print(best.priceMicros, best.latency)
/// }
/// ```
public struct SimulationOracle: Sendable {
    /// The oracle's answer to one request.
    ///
    /// ```swift
    /// let best = SimulationOracle.Best(lineItem: "b", priceMicros: 3_000, latency: .milliseconds(120))
    /// ```
    public struct Best: Sendable, Equatable {
        /// The line item that fills at the highest price.
        public var lineItem: String
        /// Its price, in micros per impression.
        public var priceMicros: Int64
        /// Its latency.
        public var latency: Duration

        /// Creates an answer.
        public init(lineItem: String, priceMicros: Int64, latency: Duration) {
            self.lineItem = lineItem
            self.priceMicros = priceMicros
            self.latency = latency
        }
    }

    /// A line item's market with the key of its draws, computed once; a class, so that reading one per request
    /// retains it instead of copying the market (its strings and distributions).
    private final class Item: Sendable {
        let market: LineItemMarket
        let key: UInt64

        init(_ market: LineItemMarket) {
            self.market = market
            key = SimulationDraws.lineItemKey(placement: market.placement, lineItem: market.lineItem)
        }
    }

    /// Each placement's line items (a few placements, found by comparing names on every request).
    private let markets: SmallTable<String, [Item]>
    private let draws: SimulationDraws

    /// The oracle of `validated`'s market, or of `market` (a user segment's) on `validated`'s draws.
    public init(_ validated: ValidatedScenario, market: [LineItemMarket]? = nil) {
        var markets = SmallTable<String, [Item]>()
        for market in market ?? validated.market {
            markets.update(market.placement, default: []) { $0.append(Item(market)) }
        }
        self.markets = markets
        draws = SimulationDraws(seed: validated.scenario.seed)
    }

    /// The best fill of the request `request` of user `user` on `placement`, or `nil` when no line item fills.
    public func best(placement: String, user: UInt64, request: UInt64) -> Best? {
        best(placement: placement, user: user, request: request) { _, _ in }
    }

    /// The best fill of a request, as ``best(placement:user:request:)``, with every line item's draw kept in `kept`
    /// (restarted for the request) for the user's server to serve from.
    func best(placement: String, user: UInt64, request: UInt64, keeping kept: inout KeptDraws) -> Best? {
        kept.restart(request: request)
        return best(placement: placement, user: user, request: request) { item, draw in
            kept.keep(draw, item: item.key, lineItem: item.market.lineItem)
        }
    }

    /// The best fill of a request; `drawn` is given each line item and its draw.
    private func best(
        placement: String, user: UInt64, request: UInt64, _ drawn: (Item, MarketDraw) -> Void
    ) -> Best? {
        guard let items = markets[placement] else { return nil }
        var best: (index: Int, priceMicros: Int64, latency: Duration)?
        for index in items.indices {
            let item = items[index]
            let draw = MarketDraw(
                market: item.market, lineItemKey: item.key, draws: draws, user: user, request: request)
            drawn(item, draw)
            guard draw.outcome == .fill else { continue }
            if let current = best,
                current.priceMicros > draw.priceMicros
                    || (current.priceMicros == draw.priceMicros && current.latency <= draw.latency)
            {
                continue
            }
            best = (index, draw.priceMicros, draw.latency)
        }
        return best.map {
            Best(lineItem: items[$0.index].market.lineItem, priceMicros: $0.priceMicros, latency: $0.latency)
        }
    }
}
