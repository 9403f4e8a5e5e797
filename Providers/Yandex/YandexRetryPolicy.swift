/// How many times a host may load again after a failure (rule Y12). The SDK itself never retries.
///
/// ```swift
/// let state = SliderAdState(request: request, host: host, retryPolicy: YandexRetryPolicy(maximumRetries: 2))
/// ```
public struct YandexRetryPolicy: Sendable, Hashable {
    /// The number of `loadAd()` calls allowed after the first failed one.
    public var maximumRetries: Int

    /// Creates a policy; a negative count means no retry.
    public init(maximumRetries: Int = 3) {
        self.maximumRetries = max(0, maximumRetries)
    }
}
