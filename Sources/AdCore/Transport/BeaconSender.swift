/// How every impression, click, error and tracking URL leaves the library: recorded in tests, over HTTP in apps
/// (`AdRuntime`). Sending is fire-and-forget; a sender never blocks the caller.
///
/// ```swift
/// let beacons = RecordingBeaconSender()
/// beacons.send(Beacon(kind: .click, url: "https://t.example/click"))
/// print(beacons.sent.count)  // 1
/// ```
public protocol BeaconSender: Sendable {
    /// Sends one beacon.
    func send(_ beacon: Beacon)
}

extension BeaconSender {
    /// Sends several beacons, in order.
    public func send(_ beacons: [Beacon]) {
        for beacon in beacons { send(beacon) }
    }
}
