public import Foundation

/// How a ``BeaconQueue`` sends one beacon: ``URLSessionBeaconTransport`` (one shared `URLSession`) in apps, a
/// scripted transport in tests. A transport reports what happened and never throws; the queue decides about
/// retries from the outcome, and cancels the call (task cancellation) when its timeout passes.
///
/// ```swift
/// struct AlwaysDelivered: BeaconTransport {
///     func deliver(_ url: URL) async -> BeaconDeliveryOutcome { .delivered(status: 204) }
/// }
/// let queue = BeaconQueue(store: nil, transport: AlwaysDelivered())
/// ```
public protocol BeaconTransport: Sendable {
    /// Requests `url` once and reports the outcome; returns promptly when the calling task is cancelled.
    func deliver(_ url: URL) async -> BeaconDeliveryOutcome
}
