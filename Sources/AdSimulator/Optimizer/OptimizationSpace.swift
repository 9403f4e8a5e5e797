import AdCore
import AdMediation

/// The values the optimizer tries, per placement: floors at the prices that matter (none, the configured floor,
/// every line item's configured price and median market price), line-item timeouts and auction deadlines at the
/// latencies that matter (the configured ones, and just above each line item's median, 90th and 99th percentile
/// market latency: rounded up to 10 ms, plus 10 ms, since an answer must come strictly before its timeout). A floor
/// between two of these prices clears the same items as the one below it; a timeout between two of these latencies
/// lets in about the same answers as the one below it. The order of a waterfall of 2 to 4 items: every permutation;
/// of more: the order by price, each swap of two neighbours in it, and its reverse.
///
/// ```swift
/// let space = OptimizationSpace(validated: validated)
/// space.settings(for: "feed-native").map(\.description)   // ["feed-native floor=0", "feed-native floor=2000", ...]
/// ```
public struct OptimizationSpace: Sendable, Equatable {
    /// The settings tried for each placement, by placement ID, in the order tried.
    public var settings: [String: [OptimizationSetting]]

    /// The most values tried per dimension of a placement (the lowest, highest and evenly between are kept).
    public static let maximumValues = 12

    /// The space of `validated`'s placements, from its configuration and market.
    public init(validated: ValidatedScenario) {
        var settings: [String: [OptimizationSetting]] = [:]
        for placement in validated.configuration.placements {
            let market = validated.market.filter { $0.placement == placement.id }
            var floors: Set<Int64> = [0, placement.floorMicros]
            var latencies: Set<Int> = []
            for item in placement.lineItems {
                if case .waterfall(_, let price, _) = item.mode { floors.insert(price) }
                latencies.insert(Self.milliseconds(item.timeout))
            }
            for item in market {
                let price = CheckedConversion.saturatingInt64(item.priceMicros.median)
                floors.insert(min(max(price, 0), CheckedConversion.maximumMicros))
                for quantile in [0.5, 0.9, 0.99] {
                    let tens = CheckedConversion.saturatingInt64(
                        (item.latencyMs.sample(atUniform: quantile) / 10).rounded(.up))
                    latencies.insert(Int(clamping: (min(max(tens, 0), 60_000) + 1) * 10))
                }
            }
            var placementSettings = Self.spread(floors.sorted()).map {
                OptimizationSetting(placement: placement.id, knob: .floorMicros($0))
            }
            placementSettings += Self.spread(latencies.sorted()).map {
                OptimizationSetting(placement: placement.id, knob: .timeoutMilliseconds($0))
            }
            if placement.strategy != .waterfall {
                var deadlines = latencies
                deadlines.insert(Self.milliseconds(placement.auction.deadline))
                placementSettings += Self.spread(deadlines.sorted()).map {
                    OptimizationSetting(placement: placement.id, knob: .deadlineMilliseconds($0))
                }
            }
            placementSettings += Self.orders(of: placement).map {
                OptimizationSetting(placement: placement.id, knob: .waterfallOrder($0))
            }
            settings[placement.id] = placementSettings
        }
        self.settings = settings
    }

    /// The settings of one placement (none for an unknown one).
    public func settings(for placement: String) -> [OptimizationSetting] { settings[placement] ?? [] }

    /// At most ``maximumValues`` of sorted `values`: all of them, or the first, the last and evenly between.
    static func spread<Value>(_ values: [Value]) -> [Value] {
        guard values.count > maximumValues else { return values }
        let last = values.count - 1
        var picked: [Int] = []
        for step in 0..<maximumValues {
            let index = step * last / (maximumValues - 1)
            if picked.last != index { picked.append(index) }
        }
        return picked.map { values[$0] }
    }

    /// The waterfall orders tried for `placement`, starting from its own (as configured, or by price then priority).
    static func orders(of placement: PlacementConfiguration) -> [[String]] {
        let items = placement.lineItems.compactMap { item -> (id: String, price: Int64, priority: Int)? in
            guard case .waterfall(_, let price, let priority) = item.mode else { return nil }
            return (item.id, price, priority)
        }
        guard items.count >= 2 else { return [] }
        let byPrice = items.sorted { $0.price != $1.price ? $0.price > $1.price : $0.priority < $1.priority }.map(\.id)
        let start = placement.waterfallOrder ?? byPrice
        var orders: [[String]] = []
        if start.count <= 4 {
            orders = permutations(start)
        } else {
            orders = [start]
            for index in 0..<(start.count - 1) {
                var swapped = start
                swapped.swapAt(index, index + 1)
                orders.append(swapped)
            }
            orders.append(start.reversed())
        }
        return orders
    }

    /// Every permutation of `items`, `items` itself first.
    static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        var result: [[String]] = []
        for (index, first) in items.enumerated() {
            var rest = items
            rest.remove(at: index)
            result += permutations(rest).map { [first] + $0 }
        }
        return result
    }

    /// A duration in whole milliseconds, rounded up, at least 1 (AdCore's `wholeMilliseconds`, which rounds down
    /// and saturates).
    static func milliseconds(_ duration: Duration) -> Int {
        let whole = duration.wholeMilliseconds
        let remainder = duration - .milliseconds(whole) > .zero && whole < .max ? 1 : 0
        return Int(clamping: max(whole + Int64(remainder), 1))
    }
}
