/// What a ``StrategyVariant`` sets on one line item (a point of a ``LineItemSweep``): its timeout, its own floor,
/// its configured waterfall price; `nil` fields stay as the strategy has them.
///
/// ```swift
/// let setting = LineItemSetting(lineItem: "google-high", placement: "rewarded", timeout: .milliseconds(300))
/// ```
public struct LineItemSetting: Sendable, Equatable, Codable {
    /// The line item's ID.
    public var lineItem: String
    /// Its placement; `nil`: the line item with this ID in every placement the variant changes.
    public var placement: String?
    /// Its timeout.
    public var timeout: Duration?
    /// Its own floor, in micros per impression.
    public var floorMicros: Int64?
    /// Its configured waterfall price, in micros per impression (a bidder keeps none).
    public var priceMicros: Int64?

    /// Creates a setting.
    public init(
        lineItem: String, placement: String? = nil, timeout: Duration? = nil, floorMicros: Int64? = nil,
        priceMicros: Int64? = nil
    ) {
        self.lineItem = lineItem
        self.placement = placement
        self.timeout = timeout
        self.floorMicros = floorMicros
        self.priceMicros = priceMicros
    }

    /// Whether it applies to the line item `lineItem` of `placement`.
    func applies(to lineItem: String, in placement: String) -> Bool {
        self.lineItem == lineItem && (self.placement == nil || self.placement == placement)
    }
}
