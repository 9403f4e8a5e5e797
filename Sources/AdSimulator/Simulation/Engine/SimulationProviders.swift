public import AdCore
import AdEmbedded

/// The providers a simulation runs, and the one recipe that builds a simulated app's host from them: a new
/// registry per host (every simulated user owns its providers, as an app does), the virtual-time driver as
/// scheduler, recorded beacons and landing pages, the host's beacon stamps seeded per user.
///
/// The simulator names no vendor: the command line passes the built-in set (`BuiltInRegistry` of the
/// `BuiltInProviders` module), a test or another tool passes any registry, such as a third-party provider's.
///
/// ```swift
/// let providers = SimulationProviders(wallClock: nil) { try ProviderRegistry([ExampleProvider()]) }
/// let validated = try Scenario.load(contentsOf: path, providers: providers.descriptors())
/// let result = try await SimulationRunner(validated: validated, providers: providers, users: 100).run()
/// ```
public struct SimulationProviders: Sendable {
    /// Builds one host's registry; called once per simulated user.
    public let makeRegistry: @Sendable () throws(AdError) -> ProviderRegistry
    /// The Unix time at virtual time zero, for beacons' `[TIMESTAMP]`; `nil` expands it to -1.
    public let wallClock: AdWallClock?
    /// The fast tier's set only: the behaviors its users' mediators answer line-item loads from
    /// (``FastTierAnswers``); `nil` loads every line item through a unified ad.
    var answeringBehaviors: LoadBehaviors?

    /// Creates the set from a registry recipe.
    public init(
        wallClock: AdWallClock? = nil, registry: @escaping @Sendable () throws(AdError) -> ProviderRegistry
    ) {
        self.wallClock = wallClock
        makeRegistry = registry
    }

    /// The descriptors of the registry's providers, for validating a scenario against them (``Scenario``'s
    /// `load(contentsOf:providers:)`).
    ///
    /// - Throws: what the registry refuses (two providers with one ID).
    public func descriptors() throws(AdError) -> [ProviderDescriptor] { try makeRegistry().descriptors }

    /// A simulated app's host over a new registry: `scheduler` drives it, `transport` answers its requests,
    /// `seed` seeds its beacon stamps, beacons are recorded and landing pages go to `landingOpener` (recorded when
    /// not given).
    ///
    /// - Throws: what the registry refuses.
    @MainActor
    public func makeHost(
        scheduler: any AdScheduler, transport: any ResponseTransport, seed: UInt64,
        landingOpener: (any LandingOpener)? = nil
    ) throws(AdError) -> AdHost {
        AdHost(
            registry: try makeRegistry(), scheduler: scheduler, transport: transport,
            beacons: RecordingBeaconSender(), random: SeededRandom(seed: seed), wallClock: wallClock,
            landingOpener: landingOpener ?? RecordingLandingOpener())
    }
}
