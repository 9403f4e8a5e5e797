public import AdCore

/// What mediation has learned about one waterfall line item: an exponentially weighted estimate of its price
/// when it fills and of its fill rate. Items with `pricing: .learned` are ordered by
/// ``expectedRevenueMicros`` (price estimate × fill rate), so the waterfall follows the market: an item that
/// pays well but stops filling falls below a cheaper item that fills.
///
/// ```swift
/// var learned = LearnedPrice(initialMicros: 2_000)
/// learned.observeFill(priceMicros: 4_000, smoothing: 0.5, at: .zero)  // estimate 3_000, fill rate 1.0
/// learned.observeMiss(smoothing: 0.5, at: .zero)                      // fill rate 0.5: expected revenue 1_500
/// ```
public struct LearnedPrice: Sendable, Hashable {
    /// The expected price per impression when the item fills, in micros.
    public private(set) var estimateMicros: Double
    /// The expected share of requests the item fills.
    public private(set) var fillRate: Double
    /// The expected revenue of asking the item once, in micros: ``estimateMicros`` × ``fillRate``. The learned
    /// waterfall is ordered by it.
    public var expectedRevenueMicros: Double { estimateMicros * fillRate }
    /// How many outcomes were observed.
    public private(set) var observations: Int
    /// When the item was last observed, if ever.
    public private(set) var lastObservedAt: AdInstant?

    /// Starts from a configured price and a fill rate of 1.
    public init(initialMicros: Int64) {
        estimateMicros = Double(initialMicros)
        fillRate = 1
        observations = 0
    }

    /// The item filled at `priceMicros`.
    public mutating func observeFill(priceMicros: Int64, smoothing: Double, at now: AdInstant) {
        estimateMicros += smoothing * (Double(priceMicros) - estimateMicros)
        fillRate += smoothing * (1 - fillRate)
        observations += 1
        lastObservedAt = now
    }

    /// The item did not fill (no fill, error or timeout).
    public mutating func observeMiss(smoothing: Double, at now: AdInstant) {
        fillRate -= smoothing * fillRate
        observations += 1
        lastObservedAt = now
    }
}
