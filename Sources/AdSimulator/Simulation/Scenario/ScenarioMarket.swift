/// The simulated market: how each line item of the app's placements answers (fill, price, latency, errors,
/// silence, the creatives it serves), given per provider or per provider and format (`defaults`) and overridden
/// per line item (`lineItems`).
///
/// ```json
/// "market": {
///   "defaults": [{ "provider": "google", "fillRate": 0.6, "priceMicros": 5000, "latencyMs": 300,
///                  "creatives": ["../google/rewarded.xml"] }],
///   "lineItems": [{ "lineItem": "google-rewarded-high", "fillRate": 0.2 }]
/// }
/// ```
///
/// ```swift
/// let market = ScenarioMarket(defaults: [MarketDefault(provider: "google", behavior: MarketBehavior(fillRate: 0.6))])
/// ```
public struct ScenarioMarket: Sendable, Equatable, Codable {
    /// Behaviour per provider, or per provider and format.
    public var defaults: [MarketDefault]
    /// Behaviour per line item.
    public var lineItems: [MarketLineItem]

    /// Creates a market.
    public init(defaults: [MarketDefault] = [], lineItems: [MarketLineItem] = []) {
        self.defaults = defaults
        self.lineItems = lineItems
    }

    private enum CodingKeys: String, CodingKey { case defaults, lineItems }

    /// Decodes the market; both lists are optional (empty).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        try container.decodeIfPresent(&defaults, forKey: .defaults)
        try container.decodeIfPresent(&lineItems, forKey: .lineItems)
    }
}
