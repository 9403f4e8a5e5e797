public import AdCore
public import AdMediation

/// The fast tier as an ``OptimizationEvaluator``, for the search: the same `Mediator` and market draws as the full
/// tier, each provider replaying what its real load does (Docs/Simulation.md, "Tiers"), impressions and clicks drawn
/// from rates calibrated once by a full-tier pilot of the configuration as written. Its mediation figures (requests,
/// fills, prices, time to ad) are the full tier's; its revenue is an estimate, so the optimizer confirms its best
/// candidates in the full tier.
///
/// ```swift
/// let search = try await FastTierEvaluator(validated: validated, providers: providers, users: 1_000)
/// ```
@MainActor
public struct FastTierEvaluator: OptimizationEvaluator {
    /// The users each evaluation runs.
    public let users: Int
    /// The rates of the pilot, by placement and provider.
    public let calibration: FastTierCalibration
    private let markets: SimulationMarkets
    private let fastProviders: SimulationProviders
    private let rates: [FastTierCalibration.Key: FastTierCalibration.Rate]
    private static let name = "candidate"

    /// An evaluator over `users` users of `validated`, calibrated by a full-tier pilot of `pilotUsers` users on the
    /// scenario's configuration. It first loads each creative of the market once through the provider serving it
    /// and refuses a scenario with one that cannot load, as `SimulationRunner` does (`checksCreatives`: off for a
    /// caller that checked the same scenario already, as `adsim optimize` does).
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read or its provider cannot load it; what the probe of
    ///   the providers' loads or the pilot refuses.
    public init(
        validated: ValidatedScenario, providers: SimulationProviders, users: Int, pilotUsers: Int = 50,
        checksCreatives: Bool = true
    ) async throws(AdError) {
        self.users = users
        markets = try SimulationMarkets(validated, memoisesLoads: true)
        if checksCreatives {
            try await CreativeCheck.requireLoadable(market: markets.market, validated: validated, providers: providers)
        }
        let behaviors = try await LoadBehaviors.probe(
            market: markets.market, validated: validated, providers: providers)
        fastProviders = providers.fastTier(behaviors)
        calibration = try await SimulationRunner.pilot(
            markets, variants: [(Self.name, validated.configuration)], providers: providers,
            users: max(min(pilotUsers, users), 1))
        rates = calibration.rates(variant: Self.name)
    }

    /// Runs `configuration` over users `0..<users` in the fast tier and counts what it earned.
    ///
    /// - Throws: what a user's stack refuses.
    public func evaluate(_ configuration: MediationConfiguration, settings: [OptimizationSetting])
        async throws(AdError) -> OptimizationCandidate
    {
        let tally = try await markets.tally(
            users: users, variant: Self.name, configuration: configuration, providers: fastProviders, fastRates: rates)
        return OptimizationCandidate(
            tally: tally, variant: Self.name, settings: settings, configuration: configuration, users: users)
    }
}
