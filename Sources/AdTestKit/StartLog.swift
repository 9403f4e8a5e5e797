public import AdCore

/// What ``StartingProvider``s did: every start (with its configuration and time) and every load (its request).
///
/// ```swift
/// #expect(log.starts.map(\.providerID) == ["slow"])
/// ```
@MainActor
public final class StartLog {
    /// One call of `start`.
    public struct Start: Sendable, Equatable {
        /// The provider started.
        public var providerID: ProviderID
        /// The configuration it got.
        public var configuration: ProviderConfiguration
        /// When.
        public var at: AdInstant
    }

    /// One call of `load`.
    public struct Load: Sendable, Equatable {
        /// The provider loading.
        public var providerID: ProviderID
        /// The request it got.
        public var request: AdRequest
        /// When.
        public var at: AdInstant
    }

    /// Every start, in order.
    public var starts: [Start] = []
    /// Every load, in order.
    public var loads: [Load] = []

    /// Creates an empty log.
    public nonisolated init() {}
}
