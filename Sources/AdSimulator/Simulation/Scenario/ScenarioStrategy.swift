import AdMediation

/// One named strategy to compare: a ``StrategyKind`` applied to some or all placements, optionally with one
/// floor and one timeout for them, an explicit waterfall order per placement, or a ``StrategySweep`` over floors,
/// timeouts, deadlines and single line items' fields.
///
/// ```json
/// { "name": "second-price", "kind": "secondPriceBidding", "placements": ["feed-native"],
///   "sweep": { "floorsMicros": [0, 500, 1000] } }
/// { "name": "cheap-first", "kind": "configured", "order": { "rewarded": ["google-low", "google-high"] } }
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
    /// An explicit waterfall order per placement (placement ID to the IDs of its waterfall items, every one once,
    /// in the order to ask them), replacing the order by price; `nil`: as the kind orders them.
    public var order: [String: [String]]?
    /// Values to sweep over (replacing `floorMicros` and `timeoutSeconds` where given).
    public var sweep: StrategySweep?

    /// Creates a strategy.
    public init(
        name: String, kind: StrategyKind, placements: [String]? = nil, floorMicros: Int64? = nil,
        timeoutSeconds: Double? = nil, order: [String: [String]]? = nil, sweep: StrategySweep? = nil
    ) {
        self.name = name
        self.kind = kind
        self.placements = placements
        self.floorMicros = floorMicros
        self.timeoutSeconds = timeoutSeconds
        self.order = order
        self.sweep = sweep
    }

    /// One list of a sweep: what each of its values does to a variant (`nil`: a value that is not valid, left out).
    private typealias Axis = [(StrategyVariant) -> StrategyVariant?]

    /// The sweep's lists, outermost first: floors, timeouts, deadlines, then each line item's timeouts, floors and
    /// prices.
    private var axes: [Axis] {
        guard let sweep else { return [] }
        var axes: [Axis] = []
        if let floors = sweep.floorsMicros {
            axes.append(
                floors.map { floor in { variant in variant.with("floor=\(floor)") { $0.floorMicros = floor } } })
        }
        if let timeouts = sweep.timeoutsSeconds {
            axes.append(Self.seconds(timeouts, named: "timeout") { $0.timeout = $1 })
        }
        if let deadlines = sweep.deadlinesSeconds {
            axes.append(Self.seconds(deadlines, named: "deadline") { $0.deadline = $1 })
        }
        for item in sweep.lineItems ?? [] {
            func set(_ variant: StrategyVariant, _ change: (inout LineItemSetting) -> Void) -> StrategyVariant {
                var variant = variant
                var setting = LineItemSetting(lineItem: item.lineItem, placement: item.placement)
                if let index = variant.lineItemSettings.firstIndex(where: {
                    $0.lineItem == item.lineItem && $0.placement == item.placement
                }) {
                    setting = variant.lineItemSettings.remove(at: index)
                }
                change(&setting)
                variant.lineItemSettings.append(setting)
                return variant
            }
            if let timeouts = item.timeoutsSeconds {
                axes.append(
                    Self.seconds(timeouts, named: item.label + ".timeout") { variant, timeout in
                        variant = set(variant) { $0.timeout = timeout }
                    })
            }
            if let floors = item.floorsMicros {
                axes.append(
                    floors.map { floor in
                        { variant in set(variant) { $0.floorMicros = floor }.with("\(item.label).floor=\(floor)") }
                    })
            }
            if let prices = item.pricesMicros {
                axes.append(
                    prices.map { price in
                        { variant in set(variant) { $0.priceMicros = price }.with("\(item.label).price=\(price)") }
                    })
            }
        }
        return axes
    }

    /// An axis of durations in seconds: a value that is not a valid duration is left out (the validator reports it).
    private static func seconds(
        _ values: [Double], named part: String, _ apply: @escaping (inout StrategyVariant, Duration) -> Void
    ) -> Axis {
        values.map { seconds in
            { variant in
                guard let duration = try? StrategyVariant.timeout(seconds: seconds) else { return nil }
                return variant.with("\(part)=\(ScenarioNumber.text(seconds))s") { apply(&$0, duration) }
            }
        }
    }

    /// How many variants the strategy expands into: the product of its sweep's list lengths (saturating), counted
    /// without expanding, so a sweep far too large is refused before it is built.
    var variantCount: Int {
        axes.reduce(1) { count, axis in
            let (product, overflow) = count.multipliedReportingOverflow(by: axis.count)
            return overflow ? Int.max : product
        }
    }

    /// The variants the strategy runs as: itself, or one per combination of its sweep's values (floors outermost,
    /// then timeouts, deadlines, each line item's lists; see ``StrategySweep``), named
    /// `<name>/floor=<micros>/timeout=<seconds>s/...`. Deterministic: the same strategy always expands to the same
    /// names in the same order. A timeout that is not a valid duration is left out (the validator reports it).
    public var variants: [StrategyVariant] {
        var base = StrategyVariant(
            name: name, strategy: name, kind: kind, placements: placements, floorMicros: floorMicros,
            order: order ?? [:])
        if sweep?.timeoutsSeconds == nil, let timeoutSeconds {
            guard let checked = try? StrategyVariant.timeout(seconds: timeoutSeconds) else { return [] }
            base.timeout = checked
        }
        var variants = [base]
        for axis in axes { variants = variants.flatMap { variant in axis.compactMap { $0(variant) } } }
        return variants
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, placements, floorMicros, timeoutSeconds, order, sweep
    }

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
        order = try container.decodeIfPresent([String: [String]].self, forKey: .order)
        sweep = try container.decodeIfPresent(StrategySweep.self, forKey: .sweep)
    }
}
