public import AdCore
public import AdMediation

/// A scenario that decoded and passed every check, resolved for the engine: the app's mediation configuration
/// (loaded from its file when the scenario names one), the market of every line item of every placement, and the
/// strategy variants after sweeps.
///
/// ```swift
/// let validated = try Scenario.load(contentsOf: "Fixtures/scenarios/default.json", providers: descriptors)
/// for variant in validated.variants {
///     let configuration = variant.configuration(from: validated.configuration, market: validated.market)
///     // run validated.scenario.users through `configuration`...
/// }
/// ```
public struct ValidatedScenario: Sendable, Equatable, Codable {
    /// The scenario as written.
    public var scenario: Scenario
    /// The app's placements.
    public var configuration: MediationConfiguration
    /// The market of every line item, in placement order, then line item order.
    public var market: [LineItemMarket]
    /// Every strategy variant, sweeps expanded, in order.
    public var variants: [StrategyVariant]
    /// The folder relative paths of the scenario are resolved against (the scenario file's folder).
    public var baseDirectory: String
    /// The ``StableHash`` of the scenario's bytes as read (0 when it was built in memory): part of the fingerprint
    /// that keeps partial results of different scenarios from being merged.
    public var sourceDigest: UInt64 = 0
    /// The providers whose ads carry their price (`ProviderDescriptor.reportsPrice`): the only ones a bidding
    /// strategy makes bidders.
    public var pricedProviders: Set<ProviderID> = []

    /// Creates a validated scenario (``Scenario/load(contentsOf:providers:)`` makes them).
    public init(
        scenario: Scenario, configuration: MediationConfiguration, market: [LineItemMarket],
        variants: [StrategyVariant], baseDirectory: String
    ) {
        self.scenario = scenario
        self.configuration = configuration
        self.market = market
        self.variants = variants
        self.baseDirectory = baseDirectory
    }

    /// The market of one line item of one placement.
    public func market(placement: String, lineItem: String) -> LineItemMarket? {
        market.first { $0.placement == placement && $0.lineItem == lineItem }
    }

    /// The index of user `user`'s segment in ``ScenarioUsers/segments``, or `nil` without segments: one keyed draw
    /// per user (``DrawPurpose/segment``) against the cumulative shares, so a user is in the same segment in every
    /// variant, every shard and every run of the seed.
    public func segment(ofUser user: UInt64) -> Int? {
        let segments = scenario.users.segments
        guard !segments.isEmpty else { return nil }
        let u = SimulationDraws(seed: scenario.seed).uniform(DrawKey(user: user, request: 0, purpose: .segment))
        var cumulative = 0.0
        for (index, segment) in segments.enumerated() {
            cumulative += segment.share
            if u < cumulative { return index }
        }
        // The shares sum to 1 within rounding: what rounding leaves goes to the last segment with users.
        return segments.lastIndex { $0.share > 0 } ?? segments.count - 1
    }

    /// `N placements, M line items, K strategies after sweeps`, as `adsim validate` prints it.
    public var summary: String {
        let placements = configuration.placements.count
        let lineItems = market.count
        return
            "\(placements) placement\(placements == 1 ? "" : "s"), \(lineItems) line item\(lineItems == 1 ? "" : "s"), "
            + "\(variants.count) strateg\(variants.count == 1 ? "y" : "ies") after sweeps"
    }
}
