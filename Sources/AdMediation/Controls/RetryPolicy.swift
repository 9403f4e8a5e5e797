/// Retries after a request ends without an ad (rules Y12, I23): exponential backoff `base · 2^(n-1)` capped at
/// ``maximumDelay``, at most ``maxAttempts`` retries. Retries are always scheduled by the driver as timers, never
/// started from inside a failure callback.
///
/// ```swift
/// let policy = RetryPolicy(maxAttempts: 8)
/// policy.delay(beforeRetry: 1)  // 1 s
/// policy.delay(beforeRetry: 8)  // 64 s
/// ```
public struct RetryPolicy: Sendable, Hashable, Codable {
    /// How many retries follow a failed request (0: none).
    public var maxAttempts: Int
    /// The delay before the first retry.
    public var baseDelay: Duration
    /// The longest delay between two retries.
    public var maximumDelay: Duration

    /// Creates a retry policy; the defaults back off 1, 2, 4, ..., 64, 64 s for up to 8 retries.
    public init(maxAttempts: Int = 8, baseDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(64)) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay before retry number `attempt` (1-based): `base · 2^(attempt-1)`, at most ``maximumDelay``.
    public func delay(beforeRetry attempt: Int) -> Duration {
        var delay = baseDelay
        var step = 1
        while step < attempt && delay < maximumDelay {
            delay *= 2
            step += 1
        }
        return min(delay, maximumDelay)
    }

    private enum CodingKeys: String, CodingKey { case maxAttempts, baseDelaySeconds, maxDelaySeconds }

    /// Decodes `{"maxAttempts": 8, "baseDelaySeconds": 1, "maxDelaySeconds": 64}`; every field is optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let userInfo = decoder.userInfo
        self.init()
        try container.decodeWholeNumber(&maxAttempts, forKey: .maxAttempts, Self.maxAttemptsNumber, userInfo: userInfo)
        try container.decodeSeconds(&baseDelay, forKey: .baseDelaySeconds, Self.baseDelayNumber, userInfo: userInfo)
        try container.decodeSeconds(
            &maximumDelay, forKey: .maxDelaySeconds, Self.maximumDelayNumber, userInfo: userInfo)
    }

    /// Encodes `{"maxAttempts": 8, "baseDelaySeconds": 1, "maxDelaySeconds": 64}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maxAttempts, forKey: .maxAttempts)
        try container.encode(baseDelay.secondsValue, forKey: .baseDelaySeconds)
        try container.encode(maximumDelay.secondsValue, forKey: .maxDelaySeconds)
    }
}

extension RetryPolicy {
    /// `maxAttempts`: 0 to 100 retries after a request without an ad (rules Y12, I23 ask for a bound; at the
    /// default 64 s cap, 100 retries keep a placement trying for about an hour and three quarters).
    public static let maxAttemptsNumber = ConfigurationNumber(
        "maxAttempts", .wholeNumber, 0...100, hint: "Use 0 for no retries, or a small number (8 by default).")
    /// `baseDelaySeconds`: above 0, at most 366 days.
    public static let baseDelayNumber = ConfigurationNumber.positiveSeconds(
        "baseDelaySeconds", hint: "Use baseDelaySeconds 1 and maxDelaySeconds 64.")
    /// `maxDelaySeconds`: above 0, at most 366 days, and not below the base delay.
    public static let maximumDelayNumber = ConfigurationNumber.positiveSeconds(
        "maxDelaySeconds", hint: "Use baseDelaySeconds 1 and maxDelaySeconds 64.")
}
