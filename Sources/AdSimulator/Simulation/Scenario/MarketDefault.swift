public import AdCore

/// The market's behaviour for every line item of a provider (`format` absent) or of a provider in one format.
/// The behaviour's fields sit beside `provider` and `format` in the JSON object.
///
/// ```json
/// { "provider": "ifly", "format": "native", "fillRate": 0.7,
///   "priceMicros": { "kind": "lognormal", "median": 3000, "sigma": 0.4 },
///   "latencyMs": { "kind": "lognormal", "median": 250, "sigma": 0.5 },
///   "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }
/// ```
///
/// ```swift
/// let ifly = MarketDefault(provider: "ifly", format: .native, behavior: MarketBehavior(fillRate: 0.7))
/// ```
public struct MarketDefault: Sendable, Equatable, Codable {
    /// The provider (a registered provider ID).
    public var provider: ProviderID
    /// The format (one the provider serves); `nil`: every format of the provider.
    public var format: AdFormat?
    /// The behaviour.
    public var behavior: MarketBehavior

    /// Creates a default.
    public init(provider: ProviderID, format: AdFormat? = nil, behavior: MarketBehavior) {
        self.provider = provider
        self.format = format
        self.behavior = behavior
    }

    private enum CodingKeys: String, CodingKey { case provider, format }

    /// Decodes `provider`, `format` and the behaviour's fields from one object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        provider = try container.decode(ProviderID.self, forKey: .provider)
        format = try container.decodeIfPresent(AdFormat.self, forKey: .format)
        behavior = try MarketBehavior(from: decoder)
    }

    /// Encodes `provider`, `format` and the behaviour's fields into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(provider, forKey: .provider)
        try container.encodeIfPresent(format, forKey: .format)
        try behavior.encode(to: encoder)
    }
}
