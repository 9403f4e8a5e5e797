/// The transport a provider gets when its request may not be personalised (its ``ConsentDecision`` is not
/// `personalised`): every fetch (responses, wrapper hops, images) leaves without personalising parameters,
/// whatever the provider put in it.
///
/// ```swift
/// let transport = PrivacyFilteringTransport(base: host.transport, privacy: request.privacy)
/// ```
public struct PrivacyFilteringTransport: ResponseTransport {
    /// The transport that fetches.
    public let base: any ResponseTransport
    /// The signals of the request whose fetches are filtered.
    public let privacy: PrivacySignals

    /// Wraps `base`.
    public init(base: any ResponseTransport, privacy: PrivacySignals) {
        self.base = base
        self.privacy = privacy
    }

    /// Fetches `request` without its personalising parameters (``PrivacySignals/withoutPersonalisingParameters(_:)``).
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        try await base.fetch(PrivacySignals.withoutPersonalisingParameters(request))
    }
}
