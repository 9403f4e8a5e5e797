/// At most ``maxImpressions`` impressions per time window, or per session when ``window`` is `nil`.
///
/// ```swift
/// let hourly = FrequencyCap(maxImpressions: 3, window: .seconds(3600))
/// let perSession = FrequencyCap(maxImpressions: 10, window: nil)
/// ```
public struct FrequencyCap: Sendable, Hashable, Codable {
    /// How many impressions are allowed in the window.
    public var maxImpressions: Int
    /// The sliding window; `nil` means "per session" (until ``Mediator/startNewSession()``).
    public var window: Duration?

    /// Creates a cap.
    public init(maxImpressions: Int, window: Duration?) {
        self.maxImpressions = maxImpressions
        self.window = window
    }

    private enum CodingKeys: String, CodingKey { case maxImpressions, windowSeconds }

    /// Decodes `{"maxImpressions": 3, "windowSeconds": 3600}`; without `windowSeconds` the cap is per session.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            maxImpressions: try container.decodeWholeNumber(
                .maxImpressions, Self.maxImpressionsNumber, ifOutOfRange: 1, userInfo: decoder.userInfo),
            window: nil)
        try container.decodeSeconds(&window, forKey: .windowSeconds, Self.windowNumber, userInfo: decoder.userInfo)
    }

    /// Encodes `{"maxImpressions": 3, "windowSeconds": 3600}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maxImpressions, forKey: .maxImpressions)
        try container.encodeIfPresent(window?.secondsValue, forKey: .windowSeconds)
    }

    /// `3 per 3600.0 s` or `10 per session`.
    var summary: String {
        if let window { return "\(maxImpressions) per \(window.secondsValue) s" }
        return "\(maxImpressions) per session"
    }
}

extension FrequencyCap {
    /// `maxImpressions`: 1 to 1,000,000 impressions in the window.
    public static let maxImpressionsNumber = ConfigurationNumber(
        "maxImpressions", .wholeNumber, 1...1_000_000, hint: "Allow at least 1 impression, a small whole number.")
    /// `windowSeconds`: above 0, at most 366 days (absent: per session).
    public static let windowNumber = ConfigurationNumber.positiveSeconds(
        "windowSeconds", hint: "Use a window in seconds (3600 for hourly), or omit it for a per-session cap.")
}
