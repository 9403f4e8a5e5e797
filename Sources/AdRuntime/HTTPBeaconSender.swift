public import AdCore
public import AdCreative
import Foundation
import Synchronization

/// The live beacon sender: pings every tracking URL with an HTTP GET through ``HTTPFetcher``, fire-and-forget.
///
/// URLs that are not http(s) are refused and never requested. Every outcome is counted, and ``flush()`` waits for
/// the pings in flight (for tests and an orderly shutdown).
///
/// ```swift
/// let beacons = HTTPBeaconSender()
/// beacons.send(Beacon(kind: .impression, url: "https://t.example.com/imp?c=1"))
/// await beacons.flush()
/// print(beacons.statistics)  // sent 1, failed 0, refused 0
/// ```
public final class HTTPBeaconSender: BeaconSender {
    /// What happened to the beacons so far.
    public struct Statistics: Sendable, Equatable, CustomStringConvertible {
        /// Pings answered with a success status.
        public var sent = 0
        /// Pings that failed (network error, error status, timeout).
        public var failed = 0
        /// Beacons refused without a request (not http/https).
        public var refused = 0
        /// The last failure or refusal, for diagnostics.
        public var lastError: AdError?

        /// `sent n, failed n, refused n`.
        public var description: String { "sent \(sent), failed \(failed), refused \(refused)" }
    }

    private let fetcher: HTTPFetcher
    private let timeout: Duration
    private let state = Mutex<(statistics: Statistics, inFlight: [UInt64: Task<Void, Never>], next: UInt64)>(
        (Statistics(), [:], 0))

    /// Creates a sender; each ping may take up to `timeout`.
    public init(fetcher: HTTPFetcher = HTTPFetcher(), timeout: Duration = .seconds(10)) {
        self.fetcher = fetcher
        self.timeout = timeout
    }

    /// Pings the beacon's URL in the background.
    public func send(_ beacon: Beacon) {
        let url: URL
        do {
            url = try VASTURLPolicy.validate(beacon.url)
        } catch {
            state.withLock {
                $0.statistics.refused += 1
                $0.statistics.lastError = error
            }
            return
        }
        let fetcher = self.fetcher
        let timeout = self.timeout
        state.withLock { state in
            state.next += 1
            let id = state.next
            state.inFlight[id] = Task { [weak self] in
                let outcome: AdError?
                do throws(AdError) {
                    _ = try await fetcher.get(url, timeout: timeout)
                    outcome = nil
                } catch {
                    outcome = error
                }
                self?.finish(id, outcome)
            }
        }
    }

    /// Waits until every ping sent so far has finished.
    public func flush() async {
        while true {
            let pending = state.withLock { Array($0.inFlight.values) }
            guard !pending.isEmpty else { return }
            for task in pending { await task.value }
        }
    }

    /// The counts so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    private func finish(_ id: UInt64, _ error: AdError?) {
        state.withLock { state in
            state.inFlight[id] = nil
            if let error {
                state.statistics.failed += 1
                state.statistics.lastError = error
            } else {
                state.statistics.sent += 1
            }
        }
    }
}
