import AdCore

/// A beacon with what the queue keeps about it: its stable identity in the store (the row ID, never reused; 0
/// until the beacon is stored), when it was enqueued (wall-clock milliseconds since 1970, so its age survives a
/// restart), how often delivery was tried, and its size as the queue counts it.
struct StoredBeacon: Sendable, Equatable {
    /// The row ID in the store (`AUTOINCREMENT`: a deleted beacon's ID is never given to another); 0 before storing.
    var id: Int64
    /// The beacon.
    var beacon: Beacon
    /// When the beacon was enqueued, in milliseconds since 1970 on the queue's wall clock.
    var enqueuedAt: Int64
    /// Delivery attempts so far.
    var attempts: Int
    /// The bytes the size bound counts: the URL, the kind and the provider ID in UTF-8.
    var bytes: Int

    /// A beacon not stored yet, enqueued at `enqueuedAt`.
    init(_ beacon: Beacon, enqueuedAt: Int64) {
        self.init(
            id: 0, beacon: beacon, enqueuedAt: enqueuedAt, attempts: 0,
            bytes: beacon.url.utf8.count + beacon.kind.rawValue.utf8.count
                + (beacon.providerID?.rawValue.utf8.count ?? 0))
    }

    /// A beacon as read from the store.
    init(id: Int64, beacon: Beacon, enqueuedAt: Int64, attempts: Int, bytes: Int) {
        self.id = id
        self.beacon = beacon
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
        self.bytes = bytes
    }
}
