public import AdCore
public import AdCreative

extension AdError {
    /// Maps AdCreative's error to AdBridge's, field for field: the kind's name becomes the code's, the message,
    /// VAST code, hint and underlying error are kept, and a fetch layer's status becomes `providerCode`. The one
    /// place where AdCreative's errors cross into AdCore (the provider boundary).
    ///
    /// ```swift
    /// do { _ = try VASTParser().parse(body) } catch { throw AdError(error, providerID: "ifly") }
    /// ```
    public init(_ error: VASTError, providerID: ProviderID? = nil) {
        self.init(
            Code(rawValue: error.kind.rawValue), error.message, providerID: providerID, providerCode: error.status,
            vastCode: error.vastCode, hint: error.hint, underlying: error.underlying)
    }
}

extension VASTError {
    /// Maps a transport's `AdError` to AdCreative's error, field for field (the code's name becomes the kind's,
    /// `providerCode` the status), so that a failed wrapper hop feeds the resolution state machine;
    /// ``AdError/init(_:providerID:)`` maps it back.
    ///
    /// ```swift
    /// action = machine.failed(VASTError(transportError), elapsed: elapsed)
    /// ```
    public init(_ error: AdError) {
        self.init(
            Kind(rawValue: error.code.rawValue), error.message, vastCode: error.vastCode, status: error.providerCode,
            hint: error.hint, underlying: error.underlying)
    }
}
