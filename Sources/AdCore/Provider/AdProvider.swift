/// An ad provider plugin: declares itself and loads ads. A third-party provider is a module that depends on
/// AdCore (and AdCreative and AdVAST for VAST responses) and implements this protocol and ``ProviderAd``.
///
/// The provider fetches with AdVAST's `environment.loadVAST(_:)` (the host's transport, the request's timeout
/// raced on the scheduler, the parse: one call), or ``ProviderEnvironment/fetch(_:)`` for a response that is not
/// VAST; it pings through `environment.beacons` and reads time from `environment.scheduler`; it never touches the
/// network, a clock or a global directly.
///
/// ```swift
/// struct ExampleProvider: AdProvider {
///     let descriptor = ProviderDescriptor(id: "example", displayName: "Example", version: .init(1, 0, 0, 0),
///                                         supportedFormats: [.native])
///     func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
///         let load = try await environment.loadVAST(
///             TransportRequest(providerID: descriptor.id, adUnitID: request.adUnitID, timeout: request.timeout))
///         return ExampleAd(document: load.document, loadedAt: environment.scheduler.now)
///     }
/// }
/// ```
public protocol AdProvider: Sendable {
    /// What the provider declares: ID, version, formats, viewability rule, reporting.
    var descriptor: ProviderDescriptor { get }

    /// Loads one ad. Must end: with an ad or a typed error; the unified layer adds the timeout (rule C7) and
    /// cancels the task when it fires.
    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd

    /// Starts the provider's SDK once per host (``AdHost/startProviders(_:)``), with the configuration values its
    /// ``ProviderDescriptor/startRequirements`` name (checked before the call). Called only when the requirements
    /// say `needsStart`; the host races it against its timeout and cancels it when the timeout passes. The
    /// default returns at once.
    @MainActor
    func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError)
}

extension AdProvider {
    /// Ready at once: most providers have no start step.
    @MainActor
    public func start(_ configuration: ProviderConfiguration, environment: ProviderEnvironment) async throws(AdError) {}
}
