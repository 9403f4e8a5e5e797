/// How often one ad object may load again after a failed load (rules Y12, I23): the vendor SDKs never retry on
/// their own without a bound, and a host that retries must stop. Each provider declares its bounds in its
/// ``ProviderDescriptor``; the unified ad enforces them (``UnifiedAd/load()``, ``UnifiedAd/load(maxAttempts:)``).
///
/// ```swift
/// let yandex = LoadRetryPolicy(maximumRetries: 3, scope: .adLifetime)                        // Y12
/// let ifly = LoadRetryPolicy(maximumRetries: 2, retryable: [.noFill, .network, .timeout],
///                            scope: .loadCall)                                              // I23
/// ```
public struct LoadRetryPolicy: Sendable, Hashable {
    /// What the retries are counted over.
    public enum Scope: String, Sendable, Hashable {
        /// Every load after a failure, over the ad's whole life: the host makes a new ad to keep trying (Y12).
        case adLifetime
        /// The attempts of one load call (``UnifiedAd/load(maxAttempts:)``); the host's next call starts again
        /// (I23: the SDK's bounded retries of one request).
        case loadCall
    }

    /// How many loads may follow failed ones (0: none).
    public var maximumRetries: Int
    /// The failures after which a retry may follow; `nil` for any failure.
    public var retryable: Set<AdError.Code>?
    /// What the retries are counted over.
    public var scope: Scope

    /// Creates a policy; a negative count means no retry.
    public init(maximumRetries: Int, retryable: Set<AdError.Code>? = nil, scope: Scope = .adLifetime) {
        self.maximumRetries = Swift.max(0, maximumRetries)
        self.retryable = retryable
        self.scope = scope
    }

    /// The default: up to 3 retries after any failure, over the ad's life.
    public static let standard = LoadRetryPolicy(maximumRetries: 3)

    /// Whether a retry may follow `failures` failed loads, the last with `error`.
    public func allowsRetry(afterFailures failures: Int, lastError error: AdError?) -> Bool {
        guard failures <= maximumRetries else { return false }
        guard let retryable, let error else { return true }
        return retryable.contains(error.code)
    }
}
