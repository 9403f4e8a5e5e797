public import AdCore
import Synchronization

/// A beacon sender that keeps every beacon in memory, in order: for tests, the simulator and conformance checks.
/// Given a clock, it also keeps the time of each send, so a check can compare a beacon's `[TIMESTAMP]` with the
/// moment it left.
///
/// ```swift
/// let beacons = RecordingBeaconSender(clock: driver.clock)
/// // ... run an ad ...
/// #expect(beacons.sent.map(\.kind) == [.impression, .click])
/// #expect(beacons.records.first?.sentAt == .zero.advanced(by: .seconds(1)))
/// ```
public final class RecordingBeaconSender: BeaconSender {
    /// One beacon and when it was sent.
    public struct Record: Sendable, Hashable {
        /// The beacon.
        public var beacon: Beacon
        /// The clock's time when it was sent; `nil` when the recorder has no clock.
        public var sentAt: AdInstant?

        /// Creates a record.
        public init(beacon: Beacon, sentAt: AdInstant?) {
            self.beacon = beacon
            self.sentAt = sentAt
        }
    }

    private let storage = Mutex<[Record]>([])
    private let clock: ManualClock?

    /// Creates an empty recorder; with a clock, each record keeps the time of its send.
    public init(clock: ManualClock? = nil) { self.clock = clock }

    /// Records a beacon.
    public func send(_ beacon: Beacon) {
        let record = Record(beacon: beacon, sentAt: clock?.now)
        storage.withLock { $0.append(record) }
    }

    /// Every beacon sent so far, in order.
    public var sent: [Beacon] { storage.withLock { $0.map(\.beacon) } }

    /// Every beacon sent so far with the time of its send, in order.
    public var records: [Record] { storage.withLock { $0 } }

    /// Forgets what was recorded.
    public func reset() { storage.withLock { $0.removeAll() } }
}
