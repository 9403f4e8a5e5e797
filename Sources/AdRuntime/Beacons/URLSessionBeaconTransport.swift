public import AdCreative
public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``BeaconTransport``: GETs each beacon's URL over ONE shared `URLSession` (its connections are
/// reused), follows at most `maxRedirects` http(s) redirects, reads and throws away the body, and classifies the
/// answer as ``BeaconDeliveryOutcome`` (rule R13). ``BeaconQueue`` creates one unless it is given another.
///
/// ```swift
/// let transport = URLSessionBeaconTransport(headers: ["User-Agent": "MyApp/1.0"])
/// let queue = BeaconQueue(store: storeURL, transport: transport)
/// ```
public final class URLSessionBeaconTransport: BeaconTransport {
    /// Headers sent with every beacon (for example `User-Agent`).
    public let headers: [String: String]
    private let session: URLSession
    private let delegate: BeaconSessionDelegate

    /// Creates the transport and its one session.
    ///
    /// - Parameters:
    ///   - headers: headers sent with every beacon.
    ///   - maxConnectionsPerHost: the session's connections per tracking host (at least 1).
    ///   - maxRedirects: the most redirects followed; a beacon redirected more often failed for good.
    ///   - backstopTimeout: the session's own timeout, a backstop: the queue cancels a request after its own
    ///     (shorter) timeout on its injected clock.
    ///   - addresses: the hosts a redirect may lead to (R9; the queue checks each beacon's own URL).
    public init(
        headers: [String: String] = [:], maxConnectionsPerHost: Int = 4, maxRedirects: Int = 5,
        backstopTimeout: Duration = .seconds(120), addresses: VASTAddressPolicy = .publicOnly
    ) {
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let seconds = max(1, Double(backstopTimeout.components.seconds))
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        delegate = BeaconSessionDelegate(maxRedirects: max(0, maxRedirects), addresses: addresses)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Exchanges whose answer has not arrived yet (for tests: 0 once every delivery has returned).
    public var pendingCount: Int { delegate.pendingCount }

    /// GETs `url` once over the shared session.
    public func deliver(_ url: URL) async -> BeaconDeliveryOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<BeaconDeliveryOutcome, Never>) in
                delegate.begin(task, url: url, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}
