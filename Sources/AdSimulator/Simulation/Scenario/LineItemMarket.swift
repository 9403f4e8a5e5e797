public import AdCore

/// The market of one line item of the app, resolved: its own ``MarketLineItem`` entry, then its provider-and-
/// format ``MarketDefault``, then its provider default, field by field; a waterfall item without a price takes its
/// configured price. Paths are absolute (resolved against the scenario file's folder).
///
/// ```swift
/// let market = validated.market(placement: "feed-native", lineItem: "ifly-feed")
/// switch market?.outcome(atUniform: draws.uniform(key)) { case .fill?: ... }
/// ```
public struct LineItemMarket: Sendable, Equatable, Codable {
    /// The placement's ID.
    public var placement: String
    /// The line item's ID.
    public var lineItem: String
    /// The line item's provider.
    public var provider: ProviderID
    /// The placement's format.
    public var format: AdFormat
    /// The share of requests answered with an ad.
    public var fillRate: Double
    /// The share of requests answered with an error.
    public var errorRate: Double
    /// The share of requests never answered.
    public var neverAnswersRate: Double
    /// The price of a fill, in micros per impression.
    public var priceMicros: ScenarioDistribution
    /// The answer's latency, in milliseconds.
    public var latencyMs: ScenarioDistribution
    /// The absolute paths of the response files a fill serves (at least one).
    public var creatives: [String]
    /// The absolute path of the no-fill response, if the market gives one.
    public var noFill: String?

    /// Creates a resolved market.
    public init(
        placement: String, lineItem: String, provider: ProviderID, format: AdFormat, fillRate: Double,
        errorRate: Double, neverAnswersRate: Double, priceMicros: ScenarioDistribution,
        latencyMs: ScenarioDistribution, creatives: [String], noFill: String?
    ) {
        self.placement = placement
        self.lineItem = lineItem
        self.provider = provider
        self.format = format
        self.fillRate = fillRate
        self.errorRate = errorRate
        self.neverAnswersRate = neverAnswersRate
        self.priceMicros = priceMicros
        self.latencyMs = latencyMs
        self.creatives = creatives
        self.noFill = noFill
    }

    /// The outcome at a uniform draw `u` in `0..<1`: `[0, never)` never answers, then `errorRate` of error, then
    /// `fillRate` of fill, the rest no fill. The same draw always gives the same outcome, whatever the strategy.
    public func outcome(atUniform u: Double) -> MarketOutcome {
        if u < neverAnswersRate { return .neverAnswers }
        if u < neverAnswersRate + errorRate { return .error }
        if u < neverAnswersRate + errorRate + fillRate { return .fill }
        return .noFill
    }
}
