/// How a line item answers in the simulated market: the fields a ``MarketDefault`` (per provider, or provider
/// and format) or a ``MarketLineItem`` sets. Every field is optional: a line item's behaviour is resolved field by
/// field, its own entry first, then its provider-and-format default, then its provider default
/// (``LineItemMarket``).
///
/// The rates split every request of the line item into four shares, in this order: it never answers
/// (`neverAnswersRate`, the request times out), it answers with an error (`errorRate`), it fills (`fillRate`),
/// it answers with no fill (the rest). Their sum must be at most 1.
///
/// ```swift
/// let behavior = MarketBehavior(
///     fillRate: 0.8, priceMicros: .logNormal(median: 3_000, sigma: 0.4),
///     latencyMs: .logNormal(median: 250, sigma: 0.5), errorRate: 0.02, neverAnswersRate: 0.01,
///     creatives: ["../ifly/multi-image-three.xml"], noFill: "../ifly/no-fill.xml")
/// ```
public struct MarketBehavior: Sendable, Equatable, Codable {
    /// The share of requests answered with an ad, in `0...1`.
    public var fillRate: Double?
    /// The price of a fill, in micros per impression (a bidder's bid, a waterfall item's realised price), in
    /// `0...1_000_000_000`. Default for waterfall items: `fixed` at the configured `priceMicros`.
    public var priceMicros: ScenarioDistribution?
    /// How long the answer takes, in milliseconds, in `0...600_000`.
    public var latencyMs: ScenarioDistribution?
    /// The share of requests answered with an error, in `0...1`. Default 0.
    public var errorRate: Double?
    /// The share of requests never answered (the line item's timeout ends them), in `0...1`. Default 0.
    public var neverAnswersRate: Double?
    /// The response files a fill serves (one picked per fill by a keyed draw), relative to the scenario file's
    /// folder: real creatives of the provider's dialect, loaded through the real parser.
    public var creatives: [String]?
    /// The response file a no fill serves (the provider's own no-fill document), relative to the scenario file's
    /// folder; without it the engine answers no fill its own way.
    public var noFill: String?

    /// Creates a behaviour; `nil` fields are inherited.
    public init(
        fillRate: Double? = nil, priceMicros: ScenarioDistribution? = nil, latencyMs: ScenarioDistribution? = nil,
        errorRate: Double? = nil, neverAnswersRate: Double? = nil, creatives: [String]? = nil, noFill: String? = nil
    ) {
        self.fillRate = fillRate
        self.priceMicros = priceMicros
        self.latencyMs = latencyMs
        self.errorRate = errorRate
        self.neverAnswersRate = neverAnswersRate
        self.creatives = creatives
        self.noFill = noFill
    }

    /// The behaviour with every field this one leaves unset taken from `fallback`.
    public func inheriting(from fallback: MarketBehavior) -> MarketBehavior {
        MarketBehavior(
            fillRate: fillRate ?? fallback.fillRate, priceMicros: priceMicros ?? fallback.priceMicros,
            latencyMs: latencyMs ?? fallback.latencyMs, errorRate: errorRate ?? fallback.errorRate,
            neverAnswersRate: neverAnswersRate ?? fallback.neverAnswersRate,
            creatives: creatives ?? fallback.creatives, noFill: noFill ?? fallback.noFill)
    }
}
