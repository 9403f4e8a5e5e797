import AdCore
import AdMediation

/// The markets one run draws from: the scenario's market and oracle, and each user segment's (prices and fill rates
/// multiplied), built once per run;
/// ``simulate(user:variant:prepared:providers:fastRates:counting:onRequest:)`` runs
/// one user on the market of its segment, so the runner, the fast tier's pilot and the optimizer's evaluations all
/// give a user the same draws.
///
/// ```swift
/// let markets = try SimulationMarkets(validated, memoisesLoads: true)
/// var tally = SimulationTally()
/// let prepared = try SimulatedConfiguration(configuration, of: validated, validatingFor: providers)
/// let user = try await markets.simulate(user: 7, variant: "configured", prepared: prepared,
///                                       providers: providers, fastRates: nil, counting: &tally)
/// ```
@MainActor
struct SimulationMarkets {
    /// The scenario.
    let validated: ValidatedScenario
    /// The scenario's market (users outside every segment).
    let market: SimulatedMarket
    /// The scenario's oracle.
    let oracle: SimulationOracle
    /// Each segment's market and oracle, in the scenario's order.
    let segments: [(market: SimulatedMarket, oracle: SimulationOracle)]

    /// The markets of `validated`.
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read.
    init(_ validated: ValidatedScenario, memoisesLoads: Bool) throws(AdError) {
        self.validated = validated
        let market = try SimulatedMarket(validated, memoisesLoads: memoisesLoads)
        self.market = market
        oracle = SimulationOracle(validated)
        // Each user segment's market and oracle; a user meets its segment's in every variant.
        segments = validated.scenario.users.segments.map { segment in
            let scaled = validated.market.map(segment.market)
            return (market: market.replacingMarkets(scaled), oracle: SimulationOracle(validated, market: scaled))
        }
    }

    /// Users `0..<users` (none when `users` is not positive) through `configuration`, counted under `variant` into
    /// one tally: the optimizer's evaluations. The configuration is validated once.
    ///
    /// - Throws: what the configuration or a user's stack refuses.
    func tally(
        users: Int, variant: String, configuration: MediationConfiguration, providers: SimulationProviders,
        fastRates: [FastTierCalibration.Key: FastTierCalibration.Rate]?
    ) async throws(AdError) -> SimulationTally {
        let prepared = try SimulatedConfiguration(configuration, of: validated, validatingFor: providers)
        var tally = SimulationTally()
        for index in 0..<max(users, 0) {
            _ = try await simulate(
                user: UInt64(clamping: index), variant: variant, prepared: prepared, providers: providers,
                fastRates: fastRates, counting: &tally)
        }
        return tally
    }

    /// Runs `user` through `configuration` (counted under `variant`) on its segment's market, counting into
    /// `tally`, and returns it.
    ///
    /// The user counts into `tally` itself: it is handed to the user before the run and taken back after it, so no
    /// user builds a tally of its own to be merged (a merge walked every row of every user). A user whose stack
    /// cannot be built leaves `tally` as it was.
    ///
    /// - Throws: what the user's stack refuses.
    func simulate(
        user: UInt64, variant: String, prepared: SimulatedConfiguration, providers: SimulationProviders,
        fastRates: [FastTierCalibration.Key: FastTierCalibration.Rate]?, counting tally: inout SimulationTally,
        onRequest: ((SimulatedRequestRecord) -> Void)? = nil
    ) async throws(AdError) -> UserSimulation {
        let segment = validated.segment(ofUser: user).map { segments[$0] } ?? (market: market, oracle: oracle)
        let simulation = try UserSimulation(
            validated: validated, providers: providers, market: segment.market, oracle: segment.oracle,
            variant: variant, prepared: prepared, user: user, fastRates: fastRates)
        simulation.onRequest = onRequest
        // Handed over and back without a copy: each side lets go of the storage before the other changes it.
        simulation.tally = tally
        tally = SimulationTally()
        await simulation.run()
        tally = simulation.tally
        simulation.tally = SimulationTally()
        return simulation
    }
}
