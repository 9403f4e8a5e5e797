/// One ad slot that could not be resolved: why, and the error URLs of its whole chain to ping with the code.
///
/// ```swift
/// for failure in resolution.failures {
///     let pings = VASTMacroExpander.errorPings(for: failure.errorURLs, code: failure.vastCode)
/// }
/// ```
public struct VASTResolutionFailure: Sendable, Equatable {
    /// What went wrong (its `vastCode` is set).
    public var error: VASTError
    /// The `<Error>` URLs of every level of the chain (and of a no-ad response).
    public var errorURLs: [String]
    /// The URLs of the chain's documents fetched before the failure, outermost first.
    public var chain: [String]

    /// Creates a failure.
    public init(error: VASTError, errorURLs: [String], chain: [String]) {
        self.error = error
        self.errorURLs = errorURLs
        self.chain = chain
    }

    /// The VAST error code to fire (900 when the error carries none).
    public var vastCode: Int { error.vastCode ?? 900 }
}
