/// What one line item answers to one request in the simulated market: the outcome, and for an answer its latency,
/// and for a fill its price and which creative. A pure function of the scenario's seed and the key (user, request,
/// line item), so every strategy, and the oracle, meet the same answer (common random numbers).
///
/// ```swift
/// let draw = MarketDraw(market: item, draws: SimulationDraws(seed: 7), user: 3, request: 12)
/// if draw.outcome == .fill { print(draw.priceMicros, draw.latency, draw.creativeIndex) }
/// ```
public struct MarketDraw: Sendable, Equatable {
    /// Never answers, error, fill or no fill.
    public var outcome: MarketOutcome
    /// The time to answer (for `neverAnswers`, how long the draw would have taken; the server never answers).
    public var latency: Duration
    /// The price of a fill, in micros per impression (drawn for every outcome, used for fills).
    public var priceMicros: Int64
    /// The index of the creative a fill serves, in the line item's `creatives`.
    public var creativeIndex: Int

    /// The range of a price, in micros per impression.
    static let priceRange: ClosedRange<Double> = 0...1_000_000_000
    /// The range of a latency, in milliseconds.
    static let latencyRange: ClosedRange<Double> = 0...600_000

    /// Draws the answer of `market` to the request `request` of user `user`.
    public init(market: LineItemMarket, draws: SimulationDraws, user: UInt64, request: UInt64) {
        let item = SimulationDraws.lineItemKey(placement: market.placement, lineItem: market.lineItem)
        self.init(market: market, lineItemKey: item, draws: draws, user: user, request: request)
    }

    /// Draws as ``init(market:draws:user:request:)`` with the line item's key computed already (the oracle
    /// computes each once, not once per request).
    init(
        market: borrowing LineItemMarket, lineItemKey item: UInt64, draws: SimulationDraws, user: UInt64,
        request: UInt64
    ) {
        func key(_ purpose: DrawPurpose) -> DrawKey {
            DrawKey(user: user, request: request, lineItem: item, purpose: purpose)
        }
        outcome = market.outcome(atUniform: draws.uniform(key(.outcome)))
        let price = draws.sample(market.priceMicros, key(.price), in: Self.priceRange).rounded()
        priceMicros = Int64(exactly: price) ?? 0
        let milliseconds = draws.sample(market.latencyMs, key(.latency), in: Self.latencyRange)
        let microseconds = Int64(exactly: (milliseconds * 1_000).rounded()) ?? 0
        latency = .microseconds(microseconds)
        creativeIndex = draws.index(below: market.creatives.count, key(.creative))
    }
}
