import AdCore
import AdCreative
import AdVAST
import Foundation

extension BeaconQueueStateMachine {
    // MARK: Which beacons may be sent

    /// Accepts the beacons callers sent: http(s) URLs within the size limit are inserted, the rest refused.
    func admit(
        _ inbox: [StoredBeacon], _ run: inout Run, into changes: inout BeaconStore.Changes, _ actions: inout [Action]
    ) {
        var refused = 0
        var lastRefusal: AdError?
        changes.inserts.reserveCapacity(changes.inserts.count + inbox.count)
        for item in inbox {
            if let error = refusal(of: item.beacon) {
                refused += 1
                lastRefusal = error
            } else {
                changes.inserts.append(item)
            }
        }
        run.statistics.enqueued += changes.inserts.count
        if let lastRefusal {
            run.statistics.refused += refused
            run.statistics.lastError = lastRefusal
            actions.append(.diagnose(BeaconQueueDiagnostic(kind: .refused, count: refused, error: lastRefusal)))
        }
    }

    /// Why a beacon cannot be sent: not an http(s) URL, or a URL over the size limit; `nil` when it can.
    func refusal(of beacon: Beacon) -> AdError? {
        let length = beacon.url.utf8.count
        guard length <= configuration.maxURLBytes else {
            return AdError(
                .limitExceeded,
                "A \(beacon.kind.rawValue) beacon's URL is \(length) bytes (limit "
                    + "\(configuration.maxURLBytes)).",
                providerID: beacon.providerID,
                hint: "Shorten the tracker URL, or raise BeaconQueueConfiguration.maxURLBytes.")
        }
        do {
            _ = try deliverableURL(beacon.url)
            return nil
        } catch {
            return AdError(error, providerID: beacon.providerID)
        }
    }

    /// The URL of a beacon when it may be sent: http(s) (`VASTURLPolicy`) and on a host the configuration's address
    /// policy allows (R9: tracker URLs come from responses).
    func deliverableURL(_ string: String) throws(VASTError) -> URL {
        let url = try VASTURLPolicy.validate(string)
        try configuration.addresses.check(url)
        return url
    }

    // MARK: The errors the queue reports

    /// The error of a delivery that got no answer within the configuration's `timeout` (it is retried).
    static func timeoutError(_ beacon: StoredBeacon, _ configuration: BeaconQueueConfiguration) -> AdError {
        AdError(
            .timeout, "The beacon \(beacon.beacon.url) got no answer within \(configuration.timeout).",
            vastCode: 301, hint: "The tracking server is slow or unreachable; the beacon is tried again later.")
    }

    /// The error of beacons dropped because the store is full.
    static func overflowError(_ configuration: BeaconQueueConfiguration) -> AdError {
        AdError(
            .limitExceeded,
            "The beacon queue is full (\(configuration.maxCount) beacons or \(configuration.maxBytes) bytes).",
            hint: "The tracking servers have been unreachable for a long time, or beacons are sent faster than "
                + "they can be delivered; raise BeaconQueueConfiguration.maxCount or maxBytes if this is expected.")
    }

    /// The error of `count` beacons dropped because they were older than `maxAge`.
    static func expiredError(_ count: Int, _ configuration: BeaconQueueConfiguration) -> AdError {
        AdError(
            .expired, "\(count) beacon(s) were older than \(configuration.maxAge) and were dropped.",
            hint: "The tracking servers were unreachable for longer than BeaconQueueConfiguration.maxAge.")
    }
}
