/// A request for one ad: which ad unit, which format, for which placement, with which targeting parameters.
///
/// ```swift
/// let request = AdRequest(adUnitID: "R-M-XXXXX-YY", format: .nativeSlider, parameters: ["adf_ownerid": "1234"])
/// ```
public struct AdRequest: Sendable, Hashable, Codable {
    /// Every field below, behind one reference: a request goes with every load (admitted, answered, made into an
    /// ad, reported), and each copy of the fields inline would retain each of its strings, its parameters and its
    /// privacy signals' strings.
    private var storage: Storage

    /// The provider's ad unit.
    public var adUnitID: String {
        get { storage.fields.adUnitID }
        set { update { $0.adUnitID = newValue } }
    }
    /// The format wanted.
    public var format: AdFormat {
        get { storage.fields.format }
        set { update { $0.format = newValue } }
    }
    /// The host's placement, for the placement ledger and revenue events.
    public var placementID: String? {
        get { storage.fields.placementID }
        set { update { $0.placementID = newValue } }
    }
    /// The placement the ledger records this request's creatives in: ``placementID``, else the ad unit.
    public var placementKey: String { storage.fields.placementID ?? storage.fields.adUnitID }
    /// Extra targeting parameters passed to the provider's transport unchanged (rule Y21).
    public var parameters: [String: String] {
        get { storage.fields.parameters }
        set { update { $0.parameters = newValue } }
    }
    /// How long the load may take before it fails with `timeout` (rule C7).
    public var timeout: Duration {
        get { storage.fields.timeout }
        set { update { $0.timeout = newValue } }
    }
    /// The user's privacy choices (H4). ``AdHost/makeAd(_:provider:)`` sets them from ``AdHost/privacy``, so every
    /// request a host makes carries the host's one value, as it was when the ad was made.
    public var privacy: PrivacySignals {
        get { storage.fields.privacy }
        set { update { $0.privacy = newValue } }
    }
    /// Whether the request goes to the provider's test ad unit (host test mode, H9): its ad, reports and revenue
    /// are test. Set by ``AdHost/makeAd(_:provider:)``.
    public var isTest: Bool {
        get { storage.fields.isTest }
        set { update { $0.isTest = newValue } }
    }

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
        storage = Storage(
            Fields(
                adUnitID: adUnitID, format: format, placementID: placementID, parameters: parameters,
                timeout: timeout, privacy: privacy, isTest: isTest))
    }

    /// Decodes a request: the same keys as its properties' names.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the request under its properties' names.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// Equal when every field is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Changes this request's fields: in place when no other copy shares its storage, else in a copy of it.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        change(&storage.fields)
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
