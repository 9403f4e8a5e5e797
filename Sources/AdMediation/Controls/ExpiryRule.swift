public import AdCore

/// The app's own cap on how long a cached ad of one provider (and optionally some formats) may wait to be shown,
/// on top of the ad's own expiry. The ad's expiry is its provider's fact (a Google full-screen ad's hour, rule G10,
/// is in `GoogleProvider`'s descriptor): the unified ad enforces it and mediation reads it from the fill; a rule
/// here can only make an ad leave the cache earlier.
///
/// ```swift
/// let rule = ExpiryRule(providerID: "google", formats: [.interstitial], timeToLive: .seconds(3600))
/// ```
public struct ExpiryRule: Sendable, Hashable, Codable {
    /// The provider the rule applies to.
    public var providerID: ProviderID
    /// The formats it applies to; empty means every format.
    public var formats: Set<AdFormat>
    /// How long a loaded ad may be kept.
    public var timeToLive: Duration

    /// Creates a rule.
    public init(providerID: ProviderID, formats: Set<AdFormat> = [], timeToLive: Duration) {
        self.providerID = providerID
        self.formats = formats
        self.timeToLive = timeToLive
    }

    /// Whether the rule covers an ad of `provider` in `format`.
    public func applies(to provider: ProviderID, format: AdFormat) -> Bool {
        provider == providerID && (formats.isEmpty || formats.contains(format))
    }

    private enum CodingKeys: String, CodingKey { case provider, formats, ttlSeconds }

    /// Decodes `{"provider": "google", "formats": ["interstitial"], "ttlSeconds": 3600}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            providerID: try container.decode(ProviderID.self, forKey: .provider),
            timeToLive: try container.decodeSeconds(
                .ttlSeconds, Self.timeToLiveNumber, ifOutOfRange: CheckedConversion.maximumDuration,
                userInfo: decoder.userInfo))
        try container.decodeIfPresent(&formats, forKey: .formats)
    }

    /// Encodes `{"provider": "google", "formats": ["interstitial"], "ttlSeconds": 3600}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(providerID, forKey: .provider)
        try container.encode(formats.map(\.rawValue).sorted(), forKey: .formats)
        try container.encode(timeToLive.secondsValue, forKey: .ttlSeconds)
    }
}

extension ExpiryRule {
    /// `ttlSeconds`: above 0, at most 366 days.
    public static let timeToLiveNumber = ConfigurationNumber.positiveSeconds(
        "ttlSeconds", hint: "Use a positive number of seconds (3600 for an hour); the ad's own expiry applies as well.")
}
