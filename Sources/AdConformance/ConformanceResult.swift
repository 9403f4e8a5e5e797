public import AdCore

/// The outcome of one check for one provider (and one format, for per-format checks): passed, failed or not
/// applicable, the reason in one sentence, the events and beacons the check saw, and how to fix a failure.
///
/// ```swift
/// if result.status == .failed { print(result.check.id, result.reason, result.hint ?? "") }
/// ```
public struct ConformanceResult: Sendable, Hashable {
    /// How a check ended.
    public enum Status: String, Sendable, Hashable {
        /// The provider does what the check asks.
        case passed
        /// It does not: see ``ConformanceResult/reason`` and ``ConformanceResult/hint``.
        case failed
        /// The check does not apply (a format the provider does not serve, a response the subject did not give).
        case notApplicable
        /// The check could not run because what it starts from failed in another check (the fill did not load:
        /// K3; the same ad object came back twice: K23); ``ConformanceResult/reason`` names that check.
        case notRun
    }

    /// The check.
    public var check: ConformanceCheck
    /// The format the check ran for, when it runs per format.
    public var format: AdFormat?
    /// How it ended.
    public var status: Status
    /// Why, in one sentence.
    public var reason: String
    /// How to fix a failure.
    public var hint: String?
    /// The host events the check saw, in order.
    public var events: [String]
    /// The beacons the check saw, as `kind url`.
    public var beacons: [String]
    /// The provider's callbacks the lifecycle had to contain during the check (ignored, dropped or refused), which
    /// K19 gathers.
    public var contained: [String]
    /// Checks of the same format this failure makes meaningless, with why: the verifier reports them not run.
    var blocking: [String: String] = [:]

    /// Creates a result.
    public init(
        check: ConformanceCheck, format: AdFormat? = nil, status: Status, reason: String, hint: String? = nil,
        events: [String] = [], beacons: [String] = [], contained: [String] = []
    ) {
        self.check = check
        self.format = format
        self.status = status
        self.reason = reason
        self.hint = hint
        self.events = events
        self.beacons = beacons
        self.contained = contained
    }

    /// `K3 native`, or `K1` for a check that does not run per format.
    public var name: String { format.map { "\(check.id) \($0)" } ?? check.id }
}
