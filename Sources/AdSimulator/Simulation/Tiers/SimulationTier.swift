/// How faithfully a simulation runs each user (Docs/Simulation.md, "Tiers").
///
/// - ``full``: the real stack: every provider loads and parses its response, ads are bound into the user's host
///   tree or presented, and the geometry engine decides impressions; clicks are real clicks on the bound ads.
/// - ``fast``: the same users, sessions, `Mediator`, market draws, oracle and tally, but no parse, bind or
///   geometry: each provider's answer to each served file is learned once through the real provider (what it
///   loads, its price, its delay, its errors), and impressions, clicks and their revenue are drawn from the rates
///   of a full-tier pilot run of the same scenario, per strategy and placement (``FastTierCalibration``).
///
/// ```swift
/// var runner = SimulationRunner(validated: validated, providers: providers, users: 2_000)
/// runner.tier = .fast
/// let result = try await runner.run()   // result.calibration states the rates used
/// ```
public enum SimulationTier: String, Sendable, Equatable, CaseIterable {
    /// The real stack, parse, bind and geometry included (the default).
    case full
    /// Mediation and the market only; impressions and clicks drawn from a full-tier pilot's rates.
    case fast
}
