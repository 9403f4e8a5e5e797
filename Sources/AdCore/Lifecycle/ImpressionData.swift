/// What an impression carries: who served it, where, and what it earned when the provider knows.
///
/// ```swift
/// let data = ImpressionData(providerID: "google", placementID: "level-end", adUnitID: "ca-app-pub-1/2",
///                           creativeID: "cr-9", revenue: Revenue(micros: 12_500, currency: "USD", precision: .exact))
/// ```
public struct ImpressionData: Sendable, Hashable, Codable {
    /// The provider that served the ad.
    public var providerID: ProviderID
    /// The host's placement, when the ad was requested for one.
    public var placementID: String?
    /// The provider's ad unit.
    public var adUnitID: String
    /// The creative shown, when known.
    public var creativeID: String?
    /// Which part of a multi-ad block counted (a slider card ID, or `nil` for the ad or block itself).
    public var component: String?
    /// What the impression earned, when the provider says.
    public var revenue: Revenue?

    /// Creates impression data.
    public init(
        providerID: ProviderID,
        placementID: String? = nil,
        adUnitID: String,
        creativeID: String? = nil,
        component: String? = nil,
        revenue: Revenue? = nil
    ) {
        self.providerID = providerID
        self.placementID = placementID
        self.adUnitID = adUnitID
        self.creativeID = creativeID
        self.component = component
        self.revenue = revenue
    }
}

/// Revenue of one impression in micros of a currency, with how sure the provider is of it.
///
/// ```swift
/// let revenue = Revenue(micros: 1_250_000, currency: "USD", precision: .estimated)  // $1.25
/// ```
public struct Revenue: Sendable, Hashable, Codable {
    /// How the provider knows the value.
    public enum Precision: String, Sendable, Hashable, Codable {
        /// The value the impression was sold for.
        case exact
        /// The provider's estimate.
        case estimated
        /// A price the publisher configured (a waterfall line item's fixed price).
        case publisherDefined
        /// Not known.
        case unknown
    }

    /// The value in millionths of a currency unit.
    public var micros: Int64
    /// The ISO 4217 currency code.
    public var currency: String
    /// How the provider knows the value.
    public var precision: Precision

    /// Creates a revenue value.
    public init(micros: Int64, currency: String, precision: Precision) {
        self.micros = micros
        self.currency = currency
        self.precision = precision
    }
}
