public import AdCore
public import AdMediation

/// One strategy as it runs: a ``StrategyKind`` with at most one floor, one timeout, one auction deadline, settings
/// of single line items and an explicit waterfall order per placement, from a ``ScenarioStrategy`` (itself, or one
/// point of its sweep). ``configuration(from:market:bidders:)`` turns the app's mediation configuration into the
/// one this variant runs.
///
/// ```swift
/// let variant = StrategyVariant(name: "second-price/floor=500", strategy: "second-price",
///                               kind: .secondPriceBidding, floorMicros: 500)
/// let configuration = variant.configuration(from: validated.configuration, market: validated.market,
///                                           bidders: validated.pricedProviders)
/// ```
public struct StrategyVariant: Sendable, Equatable, Codable {
    /// The variant's name: the strategy's name, plus a part per swept value (`/floor=<micros>`,
    /// `/timeout=<seconds>s`, `/deadline=<seconds>s`, `/<lineItem>.timeout=<seconds>s`, ...).
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
    /// The deadline of their auctions alone (applied after ``timeout``); `nil`: as configured (or ``timeout``).
    public var deadline: Duration?
    /// What it sets on single line items (applied after ``timeout``), in order.
    public var lineItemSettings: [LineItemSetting]
    /// The explicit waterfall order of some placements (placement ID to waterfall item IDs).
    public var order: [String: [String]]

    /// Creates a variant.
    public init(
        name: String, strategy: String, kind: StrategyKind, placements: [String]? = nil, floorMicros: Int64? = nil,
        timeout: Duration? = nil, deadline: Duration? = nil, lineItemSettings: [LineItemSetting] = [],
        order: [String: [String]] = [:]
    ) {
        self.name = name
        self.strategy = strategy
        self.kind = kind
        self.placements = placements
        self.floorMicros = floorMicros
        self.timeout = timeout
        self.deadline = deadline
        self.lineItemSettings = lineItemSettings
        self.order = order
    }

    /// This variant with `/<part>` added to its name and `change` applied (a point of a sweep).
    func with(_ part: String, _ change: (inout StrategyVariant) -> Void = { _ in }) -> StrategyVariant {
        var variant = self
        variant.name += "/" + part
        change(&variant)
        return variant
    }

    /// The range of a strategy's timeout: 1 ms to 10 minutes.
    public static let timeoutRange: ClosedRange<Duration> = .milliseconds(1)...Duration.seconds(600)

    /// Seconds to a timeout in ``timeoutRange``, through AdCore's checked conversion.
    static func timeout(seconds: Double) throws(NumberOutOfRange) -> Duration {
        try CheckedConversion.duration(seconds: seconds, field: "timeoutSeconds", in: timeoutRange)
    }

    /// The configuration this variant runs: `base` with the variant's kind (see ``StrategyKind``), floor and
    /// timeout applied to its placements (all, or those it names); `market` gives the median prices of
    /// `priceSortedWaterfall`; `bidders` are the providers whose ads carry a price, the only ones a bidding kind
    /// makes bidders (the others stay in the waterfall, so the placement runs hybrid, or a plain waterfall when no
    /// item can bid). Placements it does not name are returned unchanged.
    public func configuration(
        from base: MediationConfiguration, market: [LineItemMarket], bidders: Set<ProviderID>
    ) -> MediationConfiguration {
        var configuration = base
        for index in configuration.placements.indices {
            let placement = configuration.placements[index]
            if let placements, !placements.contains(placement.id) { continue }
            configuration.placements[index] = apply(to: placement, market: market, bidders: bidders)
        }
        return configuration
    }

    /// A fixed waterfall mode at the item's median market price (its configured price without a market).
    private func marketPriced(_ item: LineItemConfiguration, of placement: String, market: [LineItemMarket])
        -> LineItemConfiguration.Mode
    {
        let median = market.first { $0.placement == placement && $0.lineItem == item.id }?.priceMicros.median
        let price = median.map(CheckedConversion.saturatingInt64) ?? item.configuredPriceMicros ?? 0
        let bounded = min(max(price, 0), CheckedConversion.maximumMicros)
        return .waterfall(pricing: .fixed, priceMicros: bounded, priority: 0)
    }

    private func apply(to base: PlacementConfiguration, market: [LineItemMarket], bidders: Set<ProviderID>)
        -> PlacementConfiguration
    {
        var placement = base
        switch kind {
        case .configured:
            break
        case .priceSortedWaterfall:
            placement.strategy = .waterfall
            placement.waterfallOrder = nil
            for index in placement.lineItems.indices {
                placement.lineItems[index].mode = marketPriced(
                    placement.lineItems[index], of: placement.id, market: market)
            }
        case .firstPriceBidding, .secondPriceBidding:
            placement.auction.pricing = kind == .firstPriceBidding ? .firstPrice : .secondPrice
            var bidding = 0
            for index in placement.lineItems.indices {
                let item = placement.lineItems[index]
                if bidders.contains(item.providerID) {
                    placement.lineItems[index].mode = .bidder
                    bidding += 1
                } else if case .bidder = item.mode {
                    // A configured bidder whose ads carry no price cannot bid: it waits in the waterfall instead.
                    placement.lineItems[index].mode = marketPriced(item, of: placement.id, market: market)
                }
            }
            placement.strategy =
                bidding == 0 ? .waterfall : bidding == placement.lineItems.count ? .bidding : .hybrid
            placement.waterfallOrder = Self.keptOrder(of: placement)
        case .hybrid:
            placement.strategy = .hybrid
        case .learnedPrices:
            for index in placement.lineItems.indices {
                if case .waterfall(_, let price, let priority) = placement.lineItems[index].mode {
                    placement.lineItems[index].mode = .waterfall(
                        pricing: .learned, priceMicros: price, priority: priority)
                }
            }
            placement.waterfallOrder = nil  // learned items rank themselves
        }
        if let floorMicros { placement.floorMicros = floorMicros }
        if let timeout {
            placement.auction.deadline = timeout
            for index in placement.lineItems.indices { placement.lineItems[index].timeout = timeout }
        }
        if let deadline { placement.auction.deadline = deadline }
        for setting in lineItemSettings {
            for index in placement.lineItems.indices
            where setting.applies(to: placement.lineItems[index].id, in: placement.id) {
                if let timeout = setting.timeout { placement.lineItems[index].timeout = timeout }
                if let floor = setting.floorMicros { placement.lineItems[index].floorMicros = floor }
                if let price = setting.priceMicros,
                    case .waterfall(let pricing, _, let priority) =
                        placement.lineItems[index].mode
                {
                    placement.lineItems[index].mode = .waterfall(
                        pricing: pricing, priceMicros: price, priority: priority)
                }
            }
        }
        if let explicit = order[placement.id] { placement.waterfallOrder = explicit }
        return placement
    }

    /// A configured explicit order after a bidding kind changed modes: its items that are still waterfall items,
    /// then those that became waterfall items (configured bidders that cannot bid), by price; `nil` without one,
    /// or when every item bids.
    private static func keptOrder(of placement: PlacementConfiguration) -> [String]? {
        guard let configured = placement.waterfallOrder else { return nil }
        let waterfall = placement.lineItems.filter { !$0.isBidder }
        let kept = configured.filter { id in waterfall.contains { $0.id == id } }
        let added = waterfall.filter { !kept.contains($0.id) }
            .sorted { ($0.configuredPriceMicros ?? 0) > ($1.configuredPriceMicros ?? 0) }.map(\.id)
        let order = kept + added
        return order.isEmpty ? nil : order
    }
}

extension LineItemConfiguration {
    /// A waterfall item's configured price; `nil` for a bidder.
    var configuredPriceMicros: Int64? {
        if case .waterfall(_, let price, _) = mode { return price }
        return nil
    }
}
