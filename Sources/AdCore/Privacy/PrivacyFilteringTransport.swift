/// The transport a provider gets when the request's ``PrivacySignals`` do not allow personalised ads: every fetch
/// (responses, wrapper hops, images) leaves without personalising parameters, whatever the provider put in it.
///
/// ```swift
/// let transport = PrivacyFilteringTransport(base: host.transport, privacy: request.privacy)
/// ```
public struct PrivacyFilteringTransport: ResponseTransport {
    /// The transport that fetches.
    public let base: any ResponseTransport
    /// The signals the requests are filtered by.
    public let privacy: PrivacySignals

    /// Wraps `base`.
    public init(base: any ResponseTransport, privacy: PrivacySignals) {
        self.base = base
        self.privacy = privacy
    }

    /// Fetches `request` without its personalising parameters when the signals forbid them.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        try await base.fetch(privacy.sanitize(request))
    }
}
