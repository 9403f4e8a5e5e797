/// A sweep of one line item's own fields (in a ``StrategySweep``'s `lineItems`): its timeout, its floor, or its
/// configured waterfall price, each list one axis of the sweep, the others left as the strategy has them.
///
/// ```json
/// { "lineItem": "google-high", "placement": "rewarded", "timeoutsSeconds": [0.3, 1], "floorsMicros": [0, 2000] }
/// ```
///
/// ```swift
/// let sweep = LineItemSweep(lineItem: "google-high", placement: "rewarded", timeoutsSeconds: [0.3, 1])
/// ```
public struct LineItemSweep: Sendable, Equatable, Codable {
    /// The line item's ID.
    public var lineItem: String
    /// Its placement; `nil`: the line item with this ID in every placement the strategy changes.
    public var placement: String?
    /// Its timeouts, in seconds, each in `0.001...600`.
    public var timeoutsSeconds: [Double]?
    /// Its own floors (on top of the placement's), in micros per impression.
    public var floorsMicros: [Int64]?
    /// Its configured waterfall prices (the price the waterfall orders it by and books for a provider that reports
    /// none), in micros per impression; a bidder has none.
    public var pricesMicros: [Int64]?

    /// Creates a line item sweep.
    public init(
        lineItem: String, placement: String? = nil, timeoutsSeconds: [Double]? = nil, floorsMicros: [Int64]? = nil,
        pricesMicros: [Int64]? = nil
    ) {
        self.lineItem = lineItem
        self.placement = placement
        self.timeoutsSeconds = timeoutsSeconds
        self.floorsMicros = floorsMicros
        self.pricesMicros = pricesMicros
    }

    /// The name of the line item in variant names: `<lineItem>`, or `<placement>.<lineItem>` with a placement.
    var label: String { placement.map { "\($0).\(lineItem)" } ?? lineItem }

    private enum CodingKeys: String, CodingKey { case lineItem, placement, timeoutsSeconds, floorsMicros, pricesMicros }

    /// Decodes the sweep; floors and prices are whole numbers (a fraction is a problem at its index).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lineItem = try container.decode(String.self, forKey: .lineItem)
        placement = try container.decodeIfPresent(String.self, forKey: .placement)
        timeoutsSeconds = try container.decodeIfPresent([Double].self, forKey: .timeoutsSeconds)
        floorsMicros = try container.decodeWholeList(.floorsMicros, userInfo: decoder.userInfo)
        pricesMicros = try container.decodeWholeList(.pricesMicros, userInfo: decoder.userInfo)
    }
}
