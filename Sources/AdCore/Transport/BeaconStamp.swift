/// The per-beacon values a provider cannot make up itself (N5): the host's wall-clock time for `[TIMESTAMP]` and a
/// random 8-digit number for `[CACHEBUSTING]`, drawn from the host's seeded generator. A provider takes one from
/// ``ProviderContext/stamps`` (or ``ProviderEnvironment/stamps``) for each event it reports.
///
/// ```swift
/// var values = context.stamps.next().macroValues   // [TIMESTAMP] and [CACHEBUSTING] filled
/// values.adPlayhead = playhead
/// ```
public struct BeaconStamp: Sendable, Hashable {
    /// ISO 8601 time of the event (UTC, milliseconds); `nil` when the host gave no wall clock.
    public var timestamp: String?
    /// Eight decimal digits.
    public var cacheBusting: String
    /// The privacy signals of the ad's request (H7).
    public var privacy: PrivacySignals

    /// Creates a stamp.
    public init(timestamp: String?, cacheBusting: String, privacy: PrivacySignals = PrivacySignals()) {
        self.timestamp = timestamp
        self.cacheBusting = cacheBusting
        self.privacy = privacy
    }
}
