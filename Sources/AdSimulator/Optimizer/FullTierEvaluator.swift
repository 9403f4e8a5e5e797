public import AdCore
public import AdMediation

/// The full tier as an ``OptimizationEvaluator``: each user a ``UserSimulation`` through the real stack (the
/// providers, the parser, binding, geometry), users `0..<users` on the scenario's draws and their segments'
/// markets, as `adsim simulate` runs them.
///
/// ```swift
/// let evaluator = try FullTierEvaluator(validated: validated, providers: providers, users: 200)
/// ```
@MainActor
public struct FullTierEvaluator: OptimizationEvaluator {
    /// The scenario.
    public let validated: ValidatedScenario
    /// The providers every user's host registers.
    public let providers: SimulationProviders
    /// The users each evaluation runs.
    public let users: Int
    private let markets: SimulationMarkets
    /// Whether the creatives are still to be checked before the first evaluation; shared by the evaluator's copies.
    private let creativeCheck: PendingCheck

    /// Whether a check is still to be done, once for an evaluator and its copies.
    @MainActor
    private final class PendingCheck {
        var isPending: Bool

        init(isPending: Bool) { self.isPending = isPending }
    }

    /// An evaluator over `users` users of `validated` on `providers`. Its first evaluation loads each creative of
    /// the market once through the provider serving it and refuses a scenario with one that cannot load, as
    /// `SimulationRunner` does (`checksCreatives`: off for a caller that checked the same scenario already, as
    /// `adsim optimize` does).
    ///
    /// - Throws: `invalidRequest` when a creative of the market cannot be read.
    public init(
        validated: ValidatedScenario, providers: SimulationProviders, users: Int, checksCreatives: Bool = true
    ) throws(AdError) {
        self.validated = validated
        self.providers = providers
        self.users = users
        markets = try SimulationMarkets(validated, memoisesLoads: true)
        creativeCheck = PendingCheck(isPending: checksCreatives)
    }

    /// Runs `configuration` over users `0..<users` through the real stack and counts what it earned.
    ///
    /// - Throws: `invalidRequest` (the first evaluation) when a creative of the market cannot load; what a user's
    ///   stack refuses.
    public func evaluate(_ configuration: MediationConfiguration, settings: [OptimizationSetting])
        async throws(AdError) -> OptimizationCandidate
    {
        if creativeCheck.isPending {
            try await CreativeCheck.requireLoadable(market: markets.market, validated: validated, providers: providers)
            creativeCheck.isPending = false
        }
        let name = "candidate"
        let tally = try await markets.tally(
            users: users, variant: name, configuration: configuration, providers: providers, fastRates: nil)
        return OptimizationCandidate(
            tally: tally, variant: name, settings: settings, configuration: configuration, users: users)
    }
}
