public import AdCreative
/// The bounds and timings of a ``BeaconQueue``.
///
/// The store never holds more than `maxCount` beacons or `maxBytes` bytes of them (the oldest not in flight are
/// dropped first), and a beacon older than `maxAge` is dropped instead of sent; every drop is counted in
/// ``BeaconQueueStatistics`` and reported to the queue's diagnostics handler.
///
/// ```swift
/// var configuration = BeaconQueueConfiguration()
/// configuration.maxCount = 5_000
/// configuration.maxAge = .seconds(6 * 3600)
/// let queue = BeaconQueue(store: storeURL, configuration: configuration)
/// ```
public struct BeaconQueueConfiguration: Sendable, Equatable {
    /// Which hosts a beacon may be sent to: tracker URLs come from ad responses, so by default
    /// (`VASTAddressPolicy.publicOnly`) one pointing at the device or its network is refused when sent, counted and reported (R9).
    /// Tests against a loopback server and intranet trackers set `VASTAddressPolicy/allowingPrivate`.
    public var addresses: VASTAddressPolicy
    /// The most beacons kept (at least 1).
    public var maxCount: Int
    /// The most bytes of beacons kept, counting each beacon's URL, kind and provider ID (at least `maxURLBytes`).
    public var maxBytes: Int
    /// How long a beacon is worth sending; an older one is dropped.
    public var maxAge: Duration
    /// The longest URL accepted, in UTF-8 bytes; a longer one is refused when sent.
    public var maxURLBytes: Int
    /// How long to wait before trying a failed beacon again.
    public var backoff: BeaconBackoff
    /// How long one delivery attempt may take before it is cancelled and counted as a timeout (retried).
    public var timeout: Duration
    /// The most deliveries in flight at once (at least 1).
    public var maxConcurrentDeliveries: Int

    /// Creates a configuration; the defaults suit an app.
    public init(
        maxCount: Int = 10_000,
        maxBytes: Int = 4 << 20,
        maxAge: Duration = .seconds(86_400),
        maxURLBytes: Int = 8 << 10,
        backoff: BeaconBackoff = BeaconBackoff(),
        timeout: Duration = .seconds(15),
        maxConcurrentDeliveries: Int = 4,
        addresses: VASTAddressPolicy = .publicOnly
    ) {
        self.addresses = addresses
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.maxAge = maxAge
        self.maxURLBytes = maxURLBytes
        self.backoff = backoff
        self.timeout = timeout
        self.maxConcurrentDeliveries = maxConcurrentDeliveries
    }

    /// The configuration with every value in its range: counts at least 1, `maxBytes` at least `maxURLBytes`,
    /// durations at least 1 ms.
    var normalized: BeaconQueueConfiguration {
        var copy = self
        copy.maxCount = max(1, maxCount)
        copy.maxURLBytes = max(1, maxURLBytes)
        copy.maxBytes = max(copy.maxURLBytes, maxBytes)
        copy.maxAge = max(.milliseconds(1), maxAge)
        copy.timeout = max(.milliseconds(1), timeout)
        copy.maxConcurrentDeliveries = max(1, maxConcurrentDeliveries)
        return copy
    }
}
