public import AdMediation

/// One value the optimizer sets on one placement: its floor, its line items' timeout, its auction's deadline, the
/// order its waterfall asks its items in.
///
/// ```swift
/// let setting = OptimizationSetting(placement: "feed-native", knob: .floorMicros(500))
/// let changed = setting.applied(to: configuration)
/// print(setting)   // feed-native floor=500
/// ```
public struct OptimizationSetting: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is set.
    public enum Knob: Sendable, Hashable, Codable {
        /// The placement's floor, in micros per impression.
        case floorMicros(Int64)
        /// The timeout of every line item of the placement, in milliseconds.
        case timeoutMilliseconds(Int)
        /// The placement's auction deadline, in milliseconds (bidding and hybrid placements).
        case deadlineMilliseconds(Int)
        /// The placement's explicit waterfall order: every waterfall item's ID, in the order asked.
        case waterfallOrder([String])

        /// The knob's dimension, e.g. `floor`: two settings of one placement and dimension replace each other.
        public var dimension: String {
            switch self {
            case .floorMicros: "floor"
            case .timeoutMilliseconds: "timeout"
            case .deadlineMilliseconds: "deadline"
            case .waterfallOrder: "order"
            }
        }
    }

    /// The placement's ID.
    public var placement: String
    /// The value set.
    public var knob: Knob

    /// A setting of `knob` on `placement`.
    public init(placement: String, knob: Knob) {
        self.placement = placement
        self.knob = knob
    }

    /// `configuration` with this setting applied to its placement (unchanged when it has no such placement).
    public func applied(to configuration: MediationConfiguration) -> MediationConfiguration {
        var configuration = configuration
        guard let index = configuration.placements.firstIndex(where: { $0.id == placement }) else {
            return configuration
        }
        switch knob {
        case .floorMicros(let micros):
            configuration.placements[index].floorMicros = micros
        case .timeoutMilliseconds(let milliseconds):
            for item in configuration.placements[index].lineItems.indices {
                configuration.placements[index].lineItems[item].timeout = .milliseconds(milliseconds)
            }
        case .deadlineMilliseconds(let milliseconds):
            configuration.placements[index].auction.deadline = .milliseconds(milliseconds)
        case .waterfallOrder(let order):
            configuration.placements[index].waterfallOrder = order
        }
        return configuration
    }

    /// `<placement> floor=<micros>`, `timeout=<ms>ms`, `deadline=<ms>ms` or `order=<id>,<id>,...`.
    public var description: String {
        switch knob {
        case .floorMicros(let micros): "\(placement) floor=\(micros)"
        case .timeoutMilliseconds(let milliseconds): "\(placement) timeout=\(milliseconds)ms"
        case .deadlineMilliseconds(let milliseconds): "\(placement) deadline=\(milliseconds)ms"
        case .waterfallOrder(let order): "\(placement) order=\(order.joined(separator: ","))"
        }
    }
}
