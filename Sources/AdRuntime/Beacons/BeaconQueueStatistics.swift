public import AdCore

/// What a ``BeaconQueue`` did with its beacons since it was created. Nothing leaves the queue uncounted: every
/// beacon sent ends up delivered, failed, refused or dropped (by reason), or is still pending.
///
/// ```swift
/// let statistics = queue.statistics
/// print(statistics)  // delivered 10, retried 2, failed 1, refused 0, dropped 0, pending 3, in flight 1
/// if statistics.dropped > 0 { log("beacons dropped: \(statistics)") }
/// ```
public struct BeaconQueueStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Beacons stored by this queue (after their URL was accepted).
    public var enqueued = 0
    /// Beacons found in the store when the queue opened it (left by an earlier run).
    public var restored = 0
    /// Beacons the server confirmed with a 2xx status: deleted, never sent again.
    public var delivered = 0
    /// Failed attempts that will be tried again (5xx, 408, 429, reset or refused connections, timeouts).
    public var retried = 0
    /// Beacons the server refused for good (4xx, redirect loops): deleted.
    public var failed = 0
    /// Beacons never stored: not an http(s) URL, or a URL longer than the configuration allows.
    public var refused = 0
    /// Beacons dropped because the queue was full (the oldest first).
    public var droppedOverflow = 0
    /// Beacons dropped because they were older than the configuration's `maxAge`.
    public var droppedExpired = 0
    /// Beacons sent after ``BeaconQueue/close()``.
    public var droppedClosed = 0
    /// Beacons waiting: stored, or sent and not stored yet.
    public var pending = 0
    /// Deliveries in flight now.
    public var inFlight = 0
    /// Whether beacons are in a store file now (`false` for a memory store, or after a fallback to memory).
    public var isDurable = false
    /// The last failure, refusal, drop reason or store error.
    public var lastError: AdError?

    /// Creates empty statistics.
    public init() {}

    /// Every beacon dropped, whatever the reason.
    public var dropped: Int { droppedOverflow + droppedExpired + droppedClosed }

    /// `delivered n, retried n, failed n, refused n, dropped n, pending n, in flight n`.
    public var description: String {
        "delivered \(delivered), retried \(retried), failed \(failed), refused \(refused), dropped \(dropped), "
            + "pending \(pending), in flight \(inFlight)"
    }
}
