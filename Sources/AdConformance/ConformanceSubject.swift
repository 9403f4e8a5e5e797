public import AdCore

/// The provider the kit judges and what it needs to drive it: how to make the provider, the responses to serve per
/// format, and, for full-screen formats, how a user closes the ad in the provider's own player.
///
/// ```swift
/// let subject = ConformanceSubject(
///     provider: { ExampleProvider() },
///     responses: [.native: ConformanceResponses(fill: fill, noFill: [])])
/// let report = await ConformanceVerifier.run(subject)
/// ```
public struct ConformanceSubject: Sendable {
    /// Makes a fresh provider (every scenario gets its own host and provider).
    public var makeProvider: @Sendable () -> any AdProvider
    /// The responses per format; a declared format without responses fails the load checks for it.
    public var responses: [AdFormat: ConformanceResponses]
    /// How a user closes a presented full-screen ad with the provider's own close button (its player's UI); `nil`
    /// closes it with `UnifiedAd.close()`, the host's call for every provider (K17, K18 and K22 close either way).
    public var dismiss: (@MainActor @Sendable (any ProviderAd) -> Void)?
    /// How long a load may take (the request's timeout).
    public var loadTimeout: Duration

    /// Creates a subject.
    public init(
        provider makeProvider: @escaping @Sendable () -> any AdProvider,
        responses: [AdFormat: ConformanceResponses],
        dismiss: (@MainActor @Sendable (any ProviderAd) -> Void)? = nil,
        loadTimeout: Duration = .seconds(5)
    ) {
        self.makeProvider = makeProvider
        self.responses = responses
        self.dismiss = dismiss
        self.loadTimeout = loadTimeout
    }
}
