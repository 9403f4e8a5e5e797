/// The one error type of AdBridge: every provider failure, host mistake and parser failure maps to it (rule C6).
///
/// An `AdError` keeps everything a developer needs to fix the problem: a stable ``Code``, a message that says
/// what went wrong, the provider that raised it and that provider's own code (for example IFLY's `71503`),
/// the VAST error code where one applies, and a ``hint`` that says how to fix the integration.
///
/// ```swift
/// let error = AdError(
///     .clickRejected,
///     "External click view failed the visibility check.",
///     providerID: "ifly",
///     providerCode: 71503,
///     hint: "[71503/visibility] Keep the ad container at least 2/3 visible while its CTA is tappable."
/// )
/// print(error)  // clickRejected [ifly 71503]: External click view failed ... Fix: [71503/visibility] ...
/// ```
public struct AdError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, extensible error code. Providers may define their own with `AdError.Code("myCode")`.
    ///
    /// ```swift
    /// extension AdError.Code { static let quotaExceeded = AdError.Code("quotaExceeded") }
    /// ```
    public struct Code: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code's stable name, as written in logs and JSON.
        public let rawValue: String

        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a code from its stable name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Creates a code from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The code's stable name.
        public var description: String { rawValue }

        /// The provider had no ad for the request.
        public static let noFill: Code = "noFill"
        /// The provider, a server or a hop did not answer in time.
        public static let timeout: Code = "timeout"
        /// A host call made while the ad was performing another input (from one of its event handlers) runs after
        /// it, so its outcome is not known yet: the ad's events tell it.
        public static let deferred: Code = "deferred"
        /// The network failed (connection refused, DNS, HTTP status).
        public static let network: Code = "network"
        /// The request was malformed (empty ad unit ID, bad parameters).
        public static let invalidRequest: Code = "invalidRequest"
        /// The response could not be used (malformed XML, missing required data).
        public static let invalidResponse: Code = "invalidResponse"
        /// The provider cannot serve the requested format.
        public static let unsupportedFormat: Code = "unsupportedFormat"
        /// The ad is not ready for the call (not loaded, not bound, not exposed).
        public static let notReady: Code = "notReady"
        /// A single-use ad was used a second time.
        public static let alreadyUsed: Code = "alreadyUsed"
        /// The ad outlived its time-to-live.
        public static let expired: Code = "expired"
        /// A full-screen ad was presented from a host context that is in no window.
        public static let presenterNotInWindow: Code = "presenterNotInWindow"
        /// A full-screen ad was presented in a window that already shows another one.
        public static let presenterBusy: Code = "presenterBusy"
        /// Binding the ad to the host's nodes failed (missing or invisible required assets).
        public static let bindingFailed: Code = "bindingFailed"
        /// A click was not counted.
        public static let clickRejected: Code = "clickRejected"
        /// The host's view binder broke a rule (missing container, views outside it, shared click views).
        public static let invalidBinder: Code = "invalidBinder"
        /// The ad is no longer attached to the host node the call refers to.
        public static let detached: Code = "detached"
        /// The operation was cancelled (destroyed ad, cancelled task).
        public static let cancelled: Code = "cancelled"
        /// A broken invariant inside AdBridge or a provider; report it.
        public static let `internal`: Code = "internal"
        /// The host model was asked to do something impossible (a cycle, a node with two parents, a bad frame).
        public static let invalidHostTree: Code = "invalidHostTree"
        /// A provider could not be registered (duplicate ID, incompatible contract version).
        public static let registrationFailed: Code = "registrationFailed"
        /// A configured limit was exceeded (input size, depth, counts).
        public static let limitExceeded: Code = "limitExceeded"
        /// A URL was refused: not `http`/`https` (for example `file:`, `javascript:`, `data:`), unparseable, or at an
        /// address the address policy refuses (rules R7, R9).
        public static let refusedURL: Code = "refusedURL"
        /// The provider's start failed or timed out, so it cannot load (H3).
        public static let providerNotReady: Code = "providerNotReady"
        /// A provider cannot start without a configuration value it declares (an app ID, a key) (H1).
        public static let missingConfiguration: Code = "missingConfiguration"
        /// The request's privacy signals exclude the provider: it cannot honour a child-directed request (H5), or
        /// GDPR applies and the TC string gives its vendor no legal basis for basic ads (H15).
        public static let excludedByPrivacy: Code = "excludedByPrivacy"
        /// Test ads refused: test mode asked for in a release build, a request in test mode for a format without a
        /// test ad unit, or a known test ad unit met by a release build (H9, H10).
        public static let testModeRefused: Code = "testModeRefused"
        /// Every creative of the response is shown or held by another placement of the app (Y18): the no-repeat
        /// exclusion, under this one name for every provider (mediation's line-item state `excludedCreative`).
        public static let excludedCreative: Code = "excludedCreative"
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong, in one or two sentences.
    public var message: String
    /// The provider that raised the error, when one did.
    public var providerID: ProviderID?
    /// The provider's own error code (for example IFLY's `71503`), kept unchanged (rule C6).
    public var providerCode: Int?
    /// The VAST error code (100-999) where one applies.
    public var vastCode: Int?
    /// How to fix the integration, when the caller can.
    public var hint: String?
    /// The error that caused this one, if any.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: what kind of failure this is.
    ///   - message: what went wrong.
    ///   - providerID: the provider that raised it.
    ///   - providerCode: the provider's own code.
    ///   - vastCode: the VAST error code, where one applies.
    ///   - hint: how to fix the integration.
    ///   - underlying: the error that caused this one.
    public init(
        _ code: Code,
        _ message: String,
        providerID: ProviderID? = nil,
        providerCode: Int? = nil,
        vastCode: Int? = nil,
        hint: String? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.providerID = providerID
        self.providerCode = providerCode
        self.vastCode = vastCode
        self.hint = hint
        self.underlying = underlying
    }

    /// One log line: `code [provider providerCode] (VAST n): message Fix: hint Caused by: underlying`.
    public var description: String {
        var text = code.rawValue
        switch (providerID, providerCode) {
        case (let id?, let providerCode?): text += " [\(id) \(providerCode)]"
        case (let id?, nil): text += " [\(id)]"
        case (nil, let providerCode?): text += " [\(providerCode)]"
        case (nil, nil): break
        }
        if let vastCode { text += " (VAST \(vastCode))" }
        text += ": " + message
        if let hint { text += " Fix: " + hint }
        if let underlying { text += " Caused by: \(underlying)" }
        return text
    }

    /// Two errors are equal when every field is, the underlying errors compared by their descriptions.
    public static func == (lhs: AdError, rhs: AdError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.providerID == rhs.providerID
            && lhs.providerCode == rhs.providerCode && lhs.vastCode == rhs.vastCode && lhs.hint == rhs.hint
            && lhs.underlying.map { "\($0)" } == rhs.underlying.map { "\($0)" }
    }

    /// The error attributed to provider `id` when it names no provider itself: how a load's failure reaches the
    /// host, whichever way the load ran.
    package consuming func attributed(to id: ProviderID) -> AdError {
        guard providerID == nil else { return self }
        providerID = id
        return self
    }
}
