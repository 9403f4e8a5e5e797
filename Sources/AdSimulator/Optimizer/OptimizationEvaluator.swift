public import AdCore
public import AdMediation

/// Runs one configuration over a fixed set of users and returns what it earned: what the optimizer asks of a
/// fidelity tier. Every call runs the same users on the same market draws (common random numbers), so two
/// candidates differ only by their configuration.
///
/// ```swift
/// let evaluator = try FullTierEvaluator(validated: validated, providers: providers, users: 200)
/// let candidate = try await evaluator.evaluate(validated.configuration, settings: [])
/// ```
@MainActor
public protocol OptimizationEvaluator {
    /// The users each evaluation runs.
    var users: Int { get }
    /// Runs `configuration` (the scenario's with `settings` applied) over ``users`` users.
    ///
    /// - Throws: what the simulation refuses (a creative that cannot be read).
    func evaluate(_ configuration: MediationConfiguration, settings: [OptimizationSetting]) async throws(AdError)
        -> OptimizationCandidate
}
