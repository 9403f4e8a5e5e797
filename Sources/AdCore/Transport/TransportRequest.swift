/// One fetch a provider asks its transport for: an ad response for an ad unit, or a URL (a wrapper hop, an
/// image). Providers never talk to the network directly.
///
/// ```swift
/// let request = TransportRequest(providerID: "yandex", adUnitID: "R-M-1", parameters: ["adf_ownerid": "1"])
/// let load = try await environment.loadVAST(request)  // a provider's one recommended call (AdVAST)
/// ```
public struct TransportRequest: Sendable, Hashable {
    /// The provider fetching.
    public var providerID: ProviderID
    /// The ad unit whose response is wanted.
    public var adUnitID: String
    /// The format requested.
    public var format: AdFormat?
    /// Targeting parameters, passed through unchanged (rule Y21).
    public var parameters: [String: String]
    /// An explicit URL to fetch instead of the ad unit's endpoint (wrapper hops, media).
    public var url: String?
    /// How long the fetch may take.
    public var timeout: Duration
    /// What the fetch is for: an XML document (the default) or media; a transport that knows the media type of
    /// the answer refuses what cannot be it (R15).
    public var payload: TransportPayload

    /// Creates a request.
    public init(
        providerID: ProviderID,
        adUnitID: String,
        format: AdFormat? = nil,
        parameters: [String: String] = [:],
        url: String? = nil,
        timeout: Duration = .seconds(10),
        payload: TransportPayload = .document
    ) {
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.format = format
        self.parameters = parameters
        self.url = url
        self.timeout = timeout
        self.payload = payload
    }
}
