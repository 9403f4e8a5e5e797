/// Values to sweep a strategy over: the strategy expands into one ``StrategyVariant`` per combination of its lists,
/// in the order listed: floors outermost, then timeouts, deadlines, then each ``LineItemSweep``'s lists (timeouts,
/// floors, prices) in turn, innermost last. Each variant is named after its values:
/// `<strategy>/floor=<micros>/timeout=<seconds>s/deadline=<seconds>s/<lineItem>.timeout=<seconds>s/...` (a part only
/// for a list that is given).
///
/// `timeoutsSeconds` sets every line item's timeout and the auction's deadline together (the first form, kept);
/// `deadlinesSeconds` sets the deadline alone, and `lineItems` one line item's own timeout, floor or price.
///
/// ```json
/// "sweep": { "floorsMicros": [0, 500, 1000], "timeoutsSeconds": [1, 2.5] }
/// "sweep": { "deadlinesSeconds": [0.5, 1, 2],
///            "lineItems": [{ "lineItem": "google-high", "timeoutsSeconds": [0.3, 1] }] }
/// ```
/// The first expands `second-price` into `second-price/floor=0/timeout=1s`, `second-price/floor=0/timeout=2.5s`,
/// `second-price/floor=500/timeout=1s`, ... (six variants); the second into
/// `second-price/deadline=0.5s/google-high.timeout=0.3s`, ... (six).
///
/// ```swift
/// let sweep = StrategySweep(floorsMicros: [0, 500, 1_000], timeoutsSeconds: [1, 2.5])
/// let deadlines = StrategySweep(deadlinesSeconds: [0.5, 1],
///                               lineItems: [LineItemSweep(lineItem: "google-high", timeoutsSeconds: [0.3, 1])])
/// ```
public struct StrategySweep: Sendable, Equatable, Codable {
    /// Placement floors, in micros per impression, each in `0...1_000_000_000`; at most 100 values.
    public var floorsMicros: [Int64]?
    /// Line item timeouts (and auction deadlines), in seconds, each in `0.001...600`; at most 100 values.
    public var timeoutsSeconds: [Double]?
    /// Auction deadlines alone (the line items keep their timeouts), in seconds, each in `0.001...600`; at most
    /// 100 values.
    public var deadlinesSeconds: [Double]?
    /// Sweeps of one line item's own fields, each its own lists.
    public var lineItems: [LineItemSweep]?

    /// Creates a sweep.
    public init(
        floorsMicros: [Int64]? = nil, timeoutsSeconds: [Double]? = nil, deadlinesSeconds: [Double]? = nil,
        lineItems: [LineItemSweep]? = nil
    ) {
        self.floorsMicros = floorsMicros
        self.timeoutsSeconds = timeoutsSeconds
        self.deadlinesSeconds = deadlinesSeconds
        self.lineItems = lineItems
    }

    /// Whether the sweep gives no list at all.
    var isEmpty: Bool {
        floorsMicros == nil && timeoutsSeconds == nil && deadlinesSeconds == nil && lineItems == nil
    }

    private enum CodingKeys: String, CodingKey { case floorsMicros, timeoutsSeconds, deadlinesSeconds, lineItems }

    /// Decodes the sweep; floors are whole numbers (a fraction is a problem at its index).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        floorsMicros = try container.decodeWholeList(.floorsMicros, userInfo: decoder.userInfo)
        timeoutsSeconds = try container.decodeIfPresent([Double].self, forKey: .timeoutsSeconds)
        deadlinesSeconds = try container.decodeIfPresent([Double].self, forKey: .deadlinesSeconds)
        lineItems = try container.decodeIfPresent([LineItemSweep].self, forKey: .lineItems)
    }
}
