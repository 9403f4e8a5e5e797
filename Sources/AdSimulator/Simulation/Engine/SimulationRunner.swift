public import AdCore

/// Runs a validated scenario: every strategy variant, in order, over the same users (0, 1, 2, ...), each user a
/// fresh ``UserSimulation`` on the variant's configuration, counted into one ``SimulationTally``. Sequential and
/// deterministic: the same scenario and seed give the same tally.
///
/// ```swift
/// let result = try await SimulationRunner(validated: validated, users: 20).run()
/// print(SimulationReport(result: result).table)
/// ```
@MainActor
public struct SimulationRunner {
    /// The scenario.
    public let validated: ValidatedScenario
    /// The number of users per variant.
    public let users: Int
    /// Called with every finished mediation request, in order (nil: no record is built).
    public let onRequest: ((SimulatedRequestRecord) -> Void)?

    /// A runner over `validated`, with `users` users (default: the scenario's count); `onRequest` sees every
    /// finished mediation request (default none: records are not even built).
    public init(
        validated: ValidatedScenario, users: Int? = nil, onRequest: ((SimulatedRequestRecord) -> Void)? = nil
    ) {
        self.validated = validated
        self.users = users ?? validated.scenario.users.count
        self.onRequest = onRequest
    }

    /// Runs every variant over every user.
    ///
    /// - Throws: `invalidRequest` when a creative cannot be read; what a user's stack refuses.
    public func run() async throws(AdError) -> SimulationResult {
        let market = try SimulatedMarket(validated)
        let oracle = SimulationOracle(validated)
        var tally = SimulationTally()
        for variant in validated.variants {
            let configuration = variant.configuration(from: validated.configuration, market: validated.market)
            for user in 0..<(UInt64(exactly: users) ?? 0) {
                let simulation = try UserSimulation(
                    validated: validated, market: market, oracle: oracle, variant: variant.name,
                    configuration: configuration, user: user)
                simulation.onRequest = onRequest
                await simulation.run()
                tally.merge(simulation.tally)
            }
        }
        return SimulationResult(
            name: validated.scenario.name, seed: validated.scenario.seed, users: users,
            variants: validated.variants.map(\.name), placements: validated.configuration.placements.map(\.id),
            currency: validated.configuration.currency, tally: tally)
    }
}
