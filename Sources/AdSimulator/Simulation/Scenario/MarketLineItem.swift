/// The market's behaviour for one line item of the app's placements, overriding its provider's defaults field by
/// field. The behaviour's fields sit beside `lineItem` and `placement` in the JSON object.
///
/// ```json
/// { "placement": "feed-native", "lineItem": "ifly-feed-premium", "fillRate": 0.25,
///   "priceMicros": { "kind": "uniform", "min": 3500, "max": 5000 } }
/// ```
///
/// ```swift
/// let premium = MarketLineItem(lineItem: "ifly-feed-premium", placement: "feed-native",
///                              behavior: MarketBehavior(fillRate: 0.25))
/// ```
public struct MarketLineItem: Sendable, Equatable, Codable {
    /// The line item's ID, as the app's mediation configuration names it.
    public var lineItem: String
    /// The placement holding it; `nil`: the line item with this ID in every placement (an entry with a placement
    /// wins over one without).
    public var placement: String?
    /// The behaviour.
    public var behavior: MarketBehavior

    /// Creates an entry.
    public init(lineItem: String, placement: String? = nil, behavior: MarketBehavior) {
        self.lineItem = lineItem
        self.placement = placement
        self.behavior = behavior
    }

    private enum CodingKeys: String, CodingKey { case lineItem, placement }

    /// Decodes `lineItem`, `placement` and the behaviour's fields from one object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lineItem = try container.decode(String.self, forKey: .lineItem)
        placement = try container.decodeIfPresent(String.self, forKey: .placement)
        behavior = try MarketBehavior(from: decoder)
    }

    /// Encodes `lineItem`, `placement` and the behaviour's fields into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lineItem, forKey: .lineItem)
        try container.encodeIfPresent(placement, forKey: .placement)
        try behavior.encode(to: encoder)
    }
}
