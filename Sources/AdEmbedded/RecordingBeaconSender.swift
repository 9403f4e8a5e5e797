public import AdCore
import Synchronization

/// A beacon sender that keeps every beacon in memory, in order: for tests, the simulator and conformance checks.
///
/// ```swift
/// let beacons = RecordingBeaconSender()
/// // ... run an ad ...
/// #expect(beacons.sent.map(\.kind) == [.impression, .click])
/// ```
public final class RecordingBeaconSender: BeaconSender {
    private let storage = Mutex<[Beacon]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records a beacon.
    public func send(_ beacon: Beacon) { storage.withLock { $0.append(beacon) } }

    /// Every beacon sent so far, in order.
    public var sent: [Beacon] { storage.withLock { $0 } }

    /// Forgets what was recorded.
    public func reset() { storage.withLock { $0.removeAll() } }
}
