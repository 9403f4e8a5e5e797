import AdMediation

/// One named strategy to compare: a ``StrategyKind`` applied to some or all placements, optionally with one
/// floor and one timeout for them, or a ``StrategySweep`` over floors and timeouts.
///
/// ```json
/// { "name": "second-price", "kind": "secondPriceBidding", "placements": ["feed-native"],
///   "sweep": { "floorsMicros": [0, 500, 1000] } }
/// ```
///
/// ```swift
/// let strategy = ScenarioStrategy(name: "second-price", kind: .secondPriceBidding,
///                                 sweep: StrategySweep(floorsMicros: [0, 500, 1_000]))
/// strategy.variants.map(\.name)   // ["second-price/floor=0", "second-price/floor=500", "second-price/floor=1000"]
/// ```
public struct ScenarioStrategy: Sendable, Equatable, Codable {
    /// The strategy's name, unique in the scenario (reports use it).
    public var name: String
    /// What it does to the placements.
    public var kind: StrategyKind
    /// The placements it applies to; `nil`: every placement. The others stay as configured.
    public var placements: [String]?
    /// The floor of the placements it applies to, in micros per impression; `nil`: as configured.
    public var floorMicros: Int64?
    /// The timeout of their line items and the deadline of their auctions, in seconds; `nil`: as configured.
    public var timeoutSeconds: Double?
    /// Values to sweep over (replacing `floorMicros` and `timeoutSeconds` where given).
    public var sweep: StrategySweep?

    /// Creates a strategy.
    public init(
        name: String, kind: StrategyKind, placements: [String]? = nil, floorMicros: Int64? = nil,
        timeoutSeconds: Double? = nil, sweep: StrategySweep? = nil
    ) {
        self.name = name
        self.kind = kind
        self.placements = placements
        self.floorMicros = floorMicros
        self.timeoutSeconds = timeoutSeconds
        self.sweep = sweep
    }

    /// The variants the strategy runs as: itself, or one per combination of its sweep's values (floors outer,
    /// timeouts inner), named `<name>/floor=<micros>/timeout=<seconds>s`. Deterministic: the same strategy always
    /// expands to the same names in the same order. A timeout that is not a valid duration is left out (the
    /// validator reports it).
    public var variants: [StrategyVariant] {
        let floors: [Int64?] = sweep?.floorsMicros.map { $0.map(Optional.some) } ?? [floorMicros]
        let timeouts: [Double?] = sweep?.timeoutsSeconds.map { $0.map(Optional.some) } ?? [timeoutSeconds]
        var variants: [StrategyVariant] = []
        for floor in floors {
            for timeout in timeouts {
                var variantName = name
                if sweep?.floorsMicros != nil, let floor { variantName += "/floor=\(floor)" }
                var duration: Duration?
                if let timeout {
                    guard let checked = try? StrategyVariant.timeout(seconds: timeout) else { continue }
                    duration = checked
                    if sweep?.timeoutsSeconds != nil { variantName += "/timeout=\(ScenarioNumber.text(timeout))s" }
                }
                variants.append(
                    StrategyVariant(
                        name: variantName, strategy: name, kind: kind, placements: placements, floorMicros: floor,
                        timeout: duration))
            }
        }
        return variants
    }

    private enum CodingKeys: String, CodingKey { case name, kind, placements, floorMicros, timeoutSeconds, sweep }

    /// Decodes the strategy. An unknown `kind` is recorded as a problem at its path (the strategy decodes as
    /// `configured` meanwhile), so it is listed with every other problem.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let kindName = try container.decode(String.self, forKey: .kind)
        if let known = StrategyKind(rawValue: kindName) {
            kind = known
        } else {
            try ScenarioDecoding.record(
                ConfigurationProblem(
                    .unknownReference, at: ConfigurationDecoding.path(container.codingPath + [CodingKeys.kind]),
                    "Unknown strategy kind '\(kindName)'.", hint: "Use one of: \(StrategyKind.names)."),
                userInfo: decoder.userInfo)
            kind = .configured
        }
        placements = try container.decodeIfPresent([String].self, forKey: .placements)
        var floor: Int?
        try container.decodeWhole(&floor, forKey: .floorMicros, userInfo: decoder.userInfo)
        floorMicros = floor.map(Int64.init)
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds)
        sweep = try container.decodeIfPresent(StrategySweep.self, forKey: .sweep)
    }
}
