import AdCore
import AdMediation

/// One strategy's configuration made ready for its users once: its mediation set up (each placement's machine as a
/// new mediator starts it, `Mediator.Setup`) and the app's feed laid out under it (``SimulatedFeed``). Every user
/// of the strategy starts from it: a user's own state begins as a copy, so none sees another's.
///
/// ```swift
/// let prepared = try SimulatedConfiguration(configuration, of: validated, validatingFor: providers)
/// var tally = SimulationTally()
/// _ = try await markets.simulate(user: 0, variant: "configured", prepared: prepared, providers: providers,
///                                fastRates: nil, counting: &tally)
/// ```
@MainActor
struct SimulatedConfiguration {
    /// The configuration's placements ready for a mediator.
    let mediation: Mediator.Setup
    /// The feed of the scenario's app under it.
    let feed: SimulatedFeed

    /// Prepares `configuration` for the users of `validated`, validated against `providers`' descriptors first
    /// (once, where each user's mediator would validate it again).
    ///
    /// - Throws: `invalidConfiguration` listing every problem of the configuration; what the registry refuses.
    init(
        _ configuration: MediationConfiguration, of validated: ValidatedScenario,
        validatingFor providers: SimulationProviders
    ) throws(AdError) {
        let descriptors = try providers.descriptors()
        do throws(MediationConfigurationError) {
            try configuration.validate(providers: descriptors)
        } catch {
            throw error.adError
        }
        mediation = Mediator.Setup(validated: configuration)
        feed = SimulatedFeed(
            app: validated.scenario.app, configuration: configuration,
            placements: validated.configuration.placements.map(\.id))
    }
}
