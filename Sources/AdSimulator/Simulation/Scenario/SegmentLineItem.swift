/// The multipliers of one line item in a ``UserSegment``, overriding the segment's own; a multiplier left out is
/// the segment's.
///
/// ```json
/// { "lineItem": "google-rewarded", "placement": "rewarded", "priceMultiplier": 0.4, "fillRateMultiplier": 0.5 }
/// ```
///
/// ```swift
/// let entry = SegmentLineItem(lineItem: "google-rewarded", priceMultiplier: 0.4)
/// ```
public struct SegmentLineItem: Sendable, Equatable, Codable {
    /// The line item's ID.
    public var lineItem: String
    /// Its placement; `nil`: the line item with this ID in every placement (an entry with a placement wins).
    public var placement: String?
    /// The multiplier on its price, in `0...1000`; `nil`: the segment's.
    public var priceMultiplier: Double?
    /// The multiplier on its fill rate, in `0...1000`; `nil`: the segment's.
    public var fillRateMultiplier: Double?

    /// Creates an entry.
    public init(
        lineItem: String, placement: String? = nil, priceMultiplier: Double? = nil, fillRateMultiplier: Double? = nil
    ) {
        self.lineItem = lineItem
        self.placement = placement
        self.priceMultiplier = priceMultiplier
        self.fillRateMultiplier = fillRateMultiplier
    }
}
