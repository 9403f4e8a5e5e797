import AdCore
public import AdMediation

/// One strategy as it runs: a ``StrategyKind`` with at most one floor and one timeout, from a
/// ``ScenarioStrategy`` (itself, or one point of its sweep). ``configuration(from:market:)`` turns the app's
/// mediation configuration into the one this variant runs.
///
/// ```swift
/// let variant = StrategyVariant(name: "second-price/floor=500", strategy: "second-price",
///                               kind: .secondPriceBidding, floorMicros: 500)
/// let configuration = variant.configuration(from: validated.configuration, market: validated.market)
/// ```
public struct StrategyVariant: Sendable, Equatable, Codable {
    /// The variant's name: the strategy's name, plus `/floor=<micros>` and `/timeout=<seconds>s` for swept values.
    public var name: String
    /// The name of the strategy it comes from.
    public var strategy: String
    /// What it does to the placements.
    public var kind: StrategyKind
    /// The placements it applies to; `nil`: every placement.
    public var placements: [String]?
    /// The floor of those placements, in micros per impression; `nil`: as configured.
    public var floorMicros: Int64?
    /// The timeout of their line items and the deadline of their auctions; `nil`: as configured.
    public var timeout: Duration?

    /// Creates a variant.
    public init(
        name: String, strategy: String, kind: StrategyKind, placements: [String]? = nil, floorMicros: Int64? = nil,
        timeout: Duration? = nil
    ) {
        self.name = name
        self.strategy = strategy
        self.kind = kind
        self.placements = placements
        self.floorMicros = floorMicros
        self.timeout = timeout
    }

    /// The range of a strategy's timeout: 1 ms to 10 minutes.
    public static let timeoutRange: ClosedRange<Duration> = .milliseconds(1)...Duration.seconds(600)

    /// Seconds to a timeout in ``timeoutRange``, through AdCore's checked conversion.
    static func timeout(seconds: Double) throws(NumberOutOfRange) -> Duration {
        try CheckedConversion.duration(seconds: seconds, field: "timeoutSeconds", in: timeoutRange)
    }

    /// The configuration this variant runs: `base` with the variant's kind (see ``StrategyKind``), floor and
    /// timeout applied to its placements (all, or those it names); `market` gives the median prices of
    /// `priceSortedWaterfall`. Placements it does not name are returned unchanged.
    public func configuration(from base: MediationConfiguration, market: [LineItemMarket]) -> MediationConfiguration {
        var configuration = base
        for index in configuration.placements.indices {
            let placement = configuration.placements[index]
            if let placements, !placements.contains(placement.id) { continue }
            configuration.placements[index] = apply(to: placement, market: market)
        }
        return configuration
    }

    private func apply(to base: PlacementConfiguration, market: [LineItemMarket]) -> PlacementConfiguration {
        var placement = base
        switch kind {
        case .configured:
            break
        case .priceSortedWaterfall:
            placement.strategy = .waterfall
            for index in placement.lineItems.indices {
                let item = placement.lineItems[index]
                let median = market.first { $0.placement == placement.id && $0.lineItem == item.id }?.priceMicros.median
                let price = median.map(CheckedConversion.saturatingInt64) ?? item.configuredPriceMicros ?? 0
                let bounded = min(max(price, 0), CheckedConversion.maximumMicros)
                placement.lineItems[index].mode = .waterfall(pricing: .fixed, priceMicros: bounded, priority: 0)
            }
        case .firstPriceBidding, .secondPriceBidding:
            placement.strategy = .bidding
            placement.auction.pricing = kind == .firstPriceBidding ? .firstPrice : .secondPrice
            for index in placement.lineItems.indices { placement.lineItems[index].mode = .bidder }
        case .hybrid:
            placement.strategy = .hybrid
        case .learnedPrices:
            for index in placement.lineItems.indices {
                if case .waterfall(_, let price, let priority) = placement.lineItems[index].mode {
                    placement.lineItems[index].mode = .waterfall(
                        pricing: .learned, priceMicros: price, priority: priority)
                }
            }
        }
        if let floorMicros { placement.floorMicros = floorMicros }
        if let timeout {
            placement.auction.deadline = timeout
            for index in placement.lineItems.indices { placement.lineItems[index].timeout = timeout }
        }
        return placement
    }
}

extension LineItemConfiguration {
    /// A waterfall item's configured price; `nil` for a bidder.
    var configuredPriceMicros: Int64? {
        if case .waterfall(_, let price, _) = mode { return price }
        return nil
    }
}
