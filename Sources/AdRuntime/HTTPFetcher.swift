public import AdCore
import AdCreative
public import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP client of AdBridge: GETs a URL through `URLSession`, refusing non-http(s) schemes (also on
/// redirects), capping the body, and mapping every failure to an `AdError`: HTTP status ≥ 400, connection
/// errors and redirect loops → `.network` (the status in `providerCode`), a timeout → `.timeout`, an oversized
/// body → `.limitExceeded`.
///
/// A fetcher and every copy of it share one `URLSession`, created by the first request and invalidated when the
/// last copy is gone; its requests run side by side over it, each with its own headers, caps and timeout, and
/// reuse its connections. It keeps no cookies and no cache.
///
/// ```swift
/// let fetcher = HTTPFetcher()
/// let data = try await fetcher.get(URL(string: "https://ads.example.com/vast.xml")!, timeout: .seconds(5))
/// ```
public struct HTTPFetcher: Sendable {
    /// The largest body accepted (default 1 MiB); a larger one is cut off with `limitExceeded`.
    public var maxBodyBytes: Int
    /// The most redirects followed (default 5).
    public var maxRedirects: Int
    /// Extra request headers (for example `User-Agent`).
    public var headers: [String: String]
    /// The clock the timeout is measured on.
    public var clock: any Clock<Duration>
    /// The one session of this fetcher and its copies.
    let session: HTTPFetchSession

    /// Creates a fetcher.
    public init(
        maxBodyBytes: Int = 1 << 20,
        maxRedirects: Int = 5,
        headers: [String: String] = [:],
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.headers = headers
        self.clock = clock
        session = HTTPFetchSession()
    }

    /// Requests waiting for their exchange to end (for tests: 0 once every request has returned).
    var pendingCount: Int { session.pendingCount }

    /// GETs `url` and returns its body; `timeout` bounds the whole exchange, measured on ``clock``.
    public func get(_ url: URL, timeout: Duration) async throws(AdError) -> Data {
        try await fetch(url, timeout: timeout).bytes
    }

    /// GETs `url` and returns its body with the media type the server declared; `timeout` bounds the whole
    /// exchange (a slow body included), measured on ``clock``.
    public func fetch(_ url: URL, timeout: Duration) async throws(AdError) -> HTTPBody {
        try Self.validate(url)
        let result = await FetchDeadline.race(url, timeout: timeout, clock: clock) {
            await request(url, timeout: timeout)
        }
        return try result.get()
    }

    /// The scheme policy (`VASTURLPolicy`: http and https only) as an `AdError`.
    static func validate(_ url: URL) throws(AdError) {
        do throws(VASTError) {
            try VASTURLPolicy.validate(url)
        } catch {
            throw AdError(error)
        }
    }

    /// One exchange over the fetcher's session. The request's own timeout (whole seconds on Linux, so rounded up,
    /// and at most ``HTTPFetchSession/sessionTimeout``) is only a backstop: ``FetchDeadline`` holds the exact one.
    private func request(_ url: URL, timeout: Duration) async -> Result<HTTPBody, AdError> {
        let exact = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let seconds = min(max(1, exact.rounded(.up)) + 1, HTTPFetchSession.sessionTimeout)
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // Set through the property: FoundationNetworking applies a request's own timeout only when it was set.
        request.timeoutInterval = seconds
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return await session.fetch(request, url: url, maxBodyBytes: maxBodyBytes, maxRedirects: maxRedirects)
    }
}
