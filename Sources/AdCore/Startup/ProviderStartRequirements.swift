/// What a provider declares about its start step (``AdProvider/start(_:environment:)``): whether it has one, the
/// configuration values it cannot start without, and how long it may take.
///
/// Vendor facts live in the vendor's descriptor: Yandex declares that its SDK must be initialised before use
/// (seed 000); a network that needs an app ID names ``ProviderConfiguration/Key/appID``.
///
/// ```swift
/// let requirements = ProviderStartRequirements(
///     needsStart: true, requiredKeys: [.appID: "the app ID from the Acme dashboard"], timeout: .seconds(5))
/// ```
public struct ProviderStartRequirements: Sendable, Hashable {
    /// Whether the provider has a start step; without one it is ready at once and its `start` is never called.
    public var needsStart: Bool
    /// The configuration values the start needs, each with what it is (for the error's hint).
    public var requiredKeys: [ProviderConfiguration.Key: String]
    /// How long the start may take before it fails with `timeout` (the host's configuration may override it).
    public var timeout: Duration
    /// Why the provider must start (the vendor's words), for diagnostics.
    public var reason: String?

    /// Creates requirements.
    public init(
        needsStart: Bool,
        requiredKeys: [ProviderConfiguration.Key: String] = [:],
        timeout: Duration = ProviderStartRequirements.defaultTimeout,
        reason: String? = nil
    ) {
        self.needsStart = needsStart || !requiredKeys.isEmpty
        self.requiredKeys = requiredKeys
        self.timeout = timeout
        self.reason = reason
    }

    /// No start step: the provider is ready at once (the default of every descriptor).
    public static let none = ProviderStartRequirements(needsStart: false)

    /// The start timeout when a provider declares none: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)

    /// The required keys missing or blank in `configuration`, sorted.
    public func missingKeys(in configuration: ProviderConfiguration) -> [ProviderConfiguration.Key] {
        requiredKeys.keys.filter { configuration[$0] == nil }.sorted()
    }
}
