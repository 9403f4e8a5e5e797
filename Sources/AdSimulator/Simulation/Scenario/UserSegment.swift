/// A group of users (a country tier, say) whose market differs: a share of the users, and multipliers on every
/// line item's price and fill rate, overridden per line item. Each user belongs to one segment for the whole run,
/// drawn once per user (``DrawPurpose/segment``), so every variant meets the same user in the same segment.
///
/// A line item's multipliers in a segment: its `lineItems` entry naming its placement, else one with its ID and
/// no placement, else the segment's own (default 1). Its price distribution is multiplied (every sample times the
/// multiplier) and its fill rate too, capped at what its error and silence rates leave (the rates sum to at most 1).
///
/// ```json
/// "segments": [
///   { "name": "tier-1", "share": 0.3, "priceMultiplier": 2.5 },
///   { "name": "rest", "share": 0.7, "priceMultiplier": 0.6,
///     "lineItems": [{ "lineItem": "google-rewarded", "fillRateMultiplier": 0.5 }] }]
/// ```
///
/// ```swift
/// let tier = UserSegment(name: "tier-1", share: 0.3, priceMultiplier: 2.5)
/// ```
public struct UserSegment: Sendable, Equatable, Codable {
    /// The segment's name, unique among the segments.
    public var name: String
    /// The share of users in it, in `0...1`; the shares of all segments sum to 1.
    public var share: Double
    /// The multiplier on every line item's price, in `0...1000`. Default 1.
    public var priceMultiplier: Double
    /// The multiplier on every line item's fill rate, in `0...1000`. Default 1.
    public var fillRateMultiplier: Double
    /// Multipliers of single line items, overriding the segment's.
    public var lineItems: [SegmentLineItem]

    /// Creates a segment.
    public init(
        name: String, share: Double, priceMultiplier: Double = 1, fillRateMultiplier: Double = 1,
        lineItems: [SegmentLineItem] = []
    ) {
        self.name = name
        self.share = share
        self.priceMultiplier = priceMultiplier
        self.fillRateMultiplier = fillRateMultiplier
        self.lineItems = lineItems
    }

    /// `market` as this segment's users meet it: its price and fill rate multiplied (see the type's description).
    public func market(_ market: LineItemMarket) -> LineItemMarket {
        let entry =
            lineItems.first { $0.lineItem == market.lineItem && $0.placement == market.placement }
            ?? lineItems.first { $0.lineItem == market.lineItem && $0.placement == nil }
        let price = entry?.priceMultiplier ?? priceMultiplier
        let fill = entry?.fillRateMultiplier ?? fillRateMultiplier
        var scaled = market
        if price != 1 { scaled.priceMicros = market.priceMicros.scaled(by: price) }
        if fill != 1 {
            scaled.fillRate = max(0, min(market.fillRate * fill, 1 - market.errorRate - market.neverAnswersRate))
        }
        return scaled
    }

    private enum CodingKeys: String, CodingKey { case name, share, priceMultiplier, fillRateMultiplier, lineItems }

    /// Decodes the segment; `name` and `share` are required, the rest optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            share: try container.decode(Double.self, forKey: .share))
        try container.decodeIfPresent(&priceMultiplier, forKey: .priceMultiplier)
        try container.decodeIfPresent(&fillRateMultiplier, forKey: .fillRateMultiplier)
        try container.decodeIfPresent(&lineItems, forKey: .lineItems)
    }
}
