/// A request for one ad: which ad unit, which format, for which placement, with which targeting parameters.
///
/// ```swift
/// let request = AdRequest(adUnitID: "R-M-XXXXX-YY", format: .nativeSlider, parameters: ["adf_ownerid": "1234"])
/// ```
public struct AdRequest: Sendable, Hashable, Codable {
    /// The provider's ad unit.
    public var adUnitID: String
    /// The format wanted.
    public var format: AdFormat
    /// The host's placement, for the placement ledger and revenue events.
    public var placementID: String?
    /// The placement the ledger records this request's creatives in: ``placementID``, else the ad unit.
    public var placementKey: String { placementID ?? adUnitID }
    /// Extra targeting parameters passed to the provider's transport unchanged (rule Y21).
    public var parameters: [String: String]
    /// How long the load may take before it fails with `timeout` (rule C7).
    public var timeout: Duration
    /// The user's privacy choices (H4). ``AdHost/makeAd(_:provider:)`` sets them from ``AdHost/privacy``, so every
    /// request a host makes carries the host's one value, as it was when the ad was made.
    public var privacy: PrivacySignals
    /// Whether the request goes to the provider's test ad unit (host test mode, H9): its ad, reports and revenue
    /// are test. Set by ``AdHost/makeAd(_:provider:)``.
    public var isTest: Bool

    /// Creates a request.
    public init(
        adUnitID: String,
        format: AdFormat,
        placementID: String? = nil,
        parameters: [String: String] = [:],
        timeout: Duration = .seconds(10),
        privacy: PrivacySignals = PrivacySignals(),
        isTest: Bool = false
    ) {
        self.adUnitID = adUnitID
        self.format = format
        self.placementID = placementID
        self.parameters = parameters
        self.timeout = timeout
        self.privacy = privacy
        self.isTest = isTest
    }

    /// Throws `invalidRequest` for an empty ad unit or a non-positive timeout.
    public func validate(providerID: ProviderID?) throws(AdError) {
        if Self.isBlank(adUnitID) {
            throw AdError(
                .invalidRequest, "The ad unit ID is empty.", providerID: providerID,
                hint: "Pass the ad unit ID from the provider's dashboard.")
        }
        if timeout <= .zero {
            throw AdError(
                .invalidRequest, "The load timeout \(timeout) is not positive.", providerID: providerID,
                hint: "Use a timeout of a few seconds.")
        }
    }

    /// Whether a string is empty or only white space. Almost every ad unit ID starts with a printable ASCII byte,
    /// which no white space does: that is decided from the byte, without breaking the string into characters.
    private static func isBlank(_ string: String) -> Bool {
        if let first = string.utf8.first, first > 0x20, first < 0x80 { return false }
        return string.allSatisfy(\.isWhitespace)
    }
}
