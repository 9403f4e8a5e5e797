public import AdCore

/// The request a host passes to ``InterstitialAd/load(adUnitID:request:host:provider:)`` and its siblings: Google's
/// `GADRequest` (targeting keywords and extras), plus the placement and load timeout of the unified layer.
///
/// ```swift
/// let request = GoogleAdRequest(keywords: ["games"], extras: ["npa": "1"], placementID: "level-end")
/// let ad = try await InterstitialAd.load(adUnitID: "ca-app-pub-1/2", request: request, host: host)
/// ```
public struct GoogleAdRequest: Sendable, Hashable {
    /// Targeting keywords.
    public var keywords: [String]
    /// Network extras, passed to the transport unchanged.
    public var extras: [String: String]
    /// The host's placement (for revenue events and the placement ledger).
    public var placementID: String?
    /// How long the load may take (rule C7).
    public var timeout: Duration

    /// Creates a request.
    public init(
        keywords: [String] = [], extras: [String: String] = [:], placementID: String? = nil,
        timeout: Duration = .seconds(10)
    ) {
        self.keywords = keywords
        self.extras = extras
        self.placementID = placementID
        self.timeout = timeout
    }

    /// The unified request for an ad unit and format: extras as parameters, keywords as `keywords` (comma-joined).
    public func adRequest(adUnitID: String, format: AdFormat) -> AdRequest {
        var parameters = extras
        if !keywords.isEmpty { parameters["keywords"] = keywords.joined(separator: ",") }
        return AdRequest(
            adUnitID: adUnitID, format: format, placementID: placementID, parameters: parameters, timeout: timeout)
    }
}
