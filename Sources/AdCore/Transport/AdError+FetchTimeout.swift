extension AdError {
    /// The one error of a fetch that did not answer within its timeout, whoever holds the deadline: the scheduler's
    /// race of a transport fetch (``TransportDeadline``) or the HTTP client's own (AdRuntime's `HTTPFetcher`).
    /// VAST code 301 (timeout of a VAST URI), so a wrapper hop and an ad request read the same.
    ///
    /// ```swift
    /// let error = AdError.fetchTimedOut("https://ads.example/vast", after: .seconds(5), providerID: "ifly")
    /// // 'https://ads.example/vast' did not answer within 5.0 seconds.
    /// ```
    public static func fetchTimedOut(
        _ address: String, after timeout: Duration, providerID: ProviderID? = nil
    ) -> AdError {
        AdError(
            .timeout, "'\(address)' did not answer within \(timeout).", providerID: providerID, vastCode: 301,
            hint: "The server is slow or unreachable; retry later, or raise the request's timeout if it is too short.")
    }
}
