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
    }

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

    /// One URLSession exchange. Its own timeout (whole seconds on Linux, so rounded up) is only a backstop.
    private func request(_ url: URL, timeout: Duration) async -> Result<HTTPBody, AdError> {
        let exact = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let seconds = max(1, exact.rounded(.up)) + 1
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        request.httpMethod = "GET"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.urlCache = nil
        let delegate = HTTPFetchDelegate(url: url, maxBodyBytes: maxBodyBytes, maxRedirects: maxRedirects)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPBody, AdError>, Never>) in
                delegate.begin(continuation, task: task)
            }
        } onCancel: {
            task.cancel()
        }
    }
}
