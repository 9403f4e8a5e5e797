/// Values to sweep a strategy over: the strategy expands into one ``StrategyVariant`` per combination, floors
/// outer and timeouts inner, in the order listed, each named `<strategy>/floor=<micros>/timeout=<seconds>s`
/// (a part only when its list is given).
///
/// ```json
/// "sweep": { "floorsMicros": [0, 500, 1000], "timeoutsSeconds": [1, 2.5] }
/// ```
/// expands `second-price` into `second-price/floor=0/timeout=1s`, `second-price/floor=0/timeout=2.5s`,
/// `second-price/floor=500/timeout=1s`, ... (six variants).
///
/// ```swift
/// let sweep = StrategySweep(floorsMicros: [0, 500, 1_000], timeoutsSeconds: [1, 2.5])
/// ```
public struct StrategySweep: Sendable, Equatable, Codable {
    /// Placement floors, in micros per impression, each in `0...1_000_000_000`; at most 100 values.
    public var floorsMicros: [Int64]?
    /// Line item timeouts (and auction deadlines), in seconds, each in `0.001...600`; at most 100 values.
    public var timeoutsSeconds: [Double]?

    /// Creates a sweep.
    public init(floorsMicros: [Int64]? = nil, timeoutsSeconds: [Double]? = nil) {
        self.floorsMicros = floorsMicros
        self.timeoutsSeconds = timeoutsSeconds
    }

    private enum CodingKeys: String, CodingKey { case floorsMicros, timeoutsSeconds }

    /// Decodes the sweep; floors are whole numbers (a fraction is a problem at its index).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        floorsMicros = try container.decodeWholeList(.floorsMicros, userInfo: decoder.userInfo)
        timeoutsSeconds = try container.decodeIfPresent([Double].self, forKey: .timeoutsSeconds)
    }
}
