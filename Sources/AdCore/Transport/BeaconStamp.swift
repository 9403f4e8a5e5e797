/// The per-beacon values a provider cannot make up itself (N5): the host's wall-clock time for `[TIMESTAMP]` and a
/// random 8-digit number for `[CACHEBUSTING]`, drawn from the host's seeded generator. A provider takes one from
/// ``ProviderContext/stamps`` (or ``ProviderEnvironment/stamps``) for each event it reports.
///
/// ```swift
/// let stamp = context.stamps.next()
/// values.timestamp = stamp.timestamp
/// values.cacheBusting = stamp.cacheBusting
/// ```
public struct BeaconStamp: Sendable, Hashable {
    /// ISO 8601 time of the event (UTC, milliseconds); `nil` when the host gave no wall clock.
    public var timestamp: String?
    /// Eight decimal digits.
    public var cacheBusting: String

    /// Creates a stamp.
    public init(timestamp: String?, cacheBusting: String) {
        self.timestamp = timestamp
        self.cacheBusting = cacheBusting
    }
}
